import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { LoginForm } from '@sapwood/contracts';

type Field = 'email' | 'password';
type Values = z.output<typeof LoginForm>;
const FIELDS: readonly Field[] = ['email', 'password'];

/** The form's values as its inputs hold them now (a browser's autofill included). */
function valuesOf(form: HTMLFormElement): Record<Field, string> {
  const value = (name: Field) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  return { email: value('email'), password: value('password') };
}

/**
 * The sign-in form, checked with its contract's schema (`LoginForm`) as `useContractForm` checks a form (ADR 0073):
 * from the first submit on, and again at each edit; the first field found wrong takes the focus, and nothing is
 * sent while one is. Without react-hook-form, which was about a tenth of the sign-in page's download (its budget,
 * ADR 0170 and 0242); its inputs are plain uncontrolled ones, read from the form.
 */
export function useSignInForm() {
  const [tried, setTried] = useState(false);
  const [wrong, setWrong] = useState<readonly Field[]>([]);
  // the fields found wrong, in the form's order, and the values parsed when none is
  const check = (form: HTMLFormElement): { wrong: Field[]; values?: Values } => {
    const parsed = LoginForm.safeParse(valuesOf(form));
    const found = parsed.success ? [] : FIELDS.filter((f) => parsed.error.issues.some((i) => i.path[0] === f));
    setWrong(found);
    return { wrong: found, values: parsed.data };
  };
  return {
    /** an input's props: its name, and whether it is marked wrong */
    field: (name: Field) => ({
      name,
      error: wrong.includes(name),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        if (tried && e.currentTarget.form) check(e.currentTarget.form);
      },
    }),
    /** the form's onSubmit: checks it, then hands the parsed values on */
    onSubmit: (send: (values: Values) => void) => (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      setTried(true);
      const form = e.currentTarget;
      const { wrong: found, values } = check(form);
      if (found.length > 0) (form.elements.namedItem(found[0]) as HTMLInputElement | null)?.focus();
      else if (values) send(values);
    },
  };
}
