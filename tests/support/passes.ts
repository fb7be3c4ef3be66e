/**
 * The API tests run twice in CI: on embedded PGlite, then on the PostgreSQL server (TEST_DATABASE_URL set). A test
 * that never touches the database under test (it makes an embedded database of its own, as the compiled start and
 * the embedded backup do, or none at all) would prove nothing new the second time, at a minute or more of the
 * second pass, which is the longest step of CI (ADR 0249): it runs in the PGlite pass only, `it.skipIf(onServerPass)`.
 */
export const onServerPass = Boolean(process.env.TEST_DATABASE_URL);
