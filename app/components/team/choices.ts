/**
 * A select's options: each value with its label (the value itself where it
 * has none), after an empty "any" choice when `any` names one.
 */
export function choices(
  values: readonly string[],
  labels: Readonly<Record<string, string | undefined>>,
  any?: string,
) {
  const options = values.map((value) => ({
    value,
    label: labels[value] ?? value,
  }));
  return any === undefined ? options : [{ value: "", label: any }, ...options];
}
