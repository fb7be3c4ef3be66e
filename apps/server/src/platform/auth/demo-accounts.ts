/**
 * Demo users (issue 32, finding 5): the staff the demo data seeds, at the reserved domain demo.sapwood.local. They
 * sign in with DEMO_PASSWORD, which the README states, and with nothing else: no password link is sent to them,
 * and in a database that was not seeded for demo (installation.demo_seeded_at unset: a production start, or one
 * from before demo data had to be asked for) no sign-in as one succeeds, whatever its stored password.
 */
export const DEMO_PASSWORD = 'sapwood-demo-only';

export const DEMO_EMAIL_DOMAIN = 'demo.sapwood.local';

/** Whether an account is a demo user's (by its email's domain, which no real lab uses). */
export function isDemoAccount(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`);
}
