import { createContext, useContext, type ReactNode } from "react";

const SubmissionKeyContext = createContext("");

/** The rendered form's submission key, from the form pages' layout loader. */
export function SubmissionKeyProvider({
  value,
  children,
}: {
  value: string;
  children: ReactNode;
}) {
  return (
    <SubmissionKeyContext.Provider value={value}>
      {children}
    </SubmissionKeyContext.Provider>
  );
}

/**
 * One key per rendered form: posting the same form twice (a double click, a
 * reload that posts again) stores it once. A new render, or the revalidation
 * after an accepted post, brings a new key.
 */
export function SubmissionKeyInput() {
  return (
    <input
      type="hidden"
      name="submissionKey"
      value={useContext(SubmissionKeyContext)}
    />
  );
}
