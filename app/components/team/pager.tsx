import { Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";

const PAGER_COPY = {
  previousPage: "Previous page",
  nextPage: "Next page",
  page: (page: number) => `Page ${page}`,
};

/** A list's previous and next pages as plain links, with the current page between them. */
export function Pager({
  label,
  page,
  prev,
  next,
  copy = PAGER_COPY,
}: {
  label: string;
  page: number;
  prev: string | null;
  next: string | null;
  copy?: typeof PAGER_COPY;
}) {
  if (prev === null && next === null) return null;
  const link = (rel: "prev" | "next", to: string | null, text: string) =>
    to === null ? (
      <span />
    ) : (
      <Button component={Link} to={to} rel={rel} variant="default">
        {text}
      </Button>
    );
  return (
    <nav aria-label={label}>
      <Group justify="space-between">
        {link("prev", prev, copy.previousPage)}
        <Text size="sm">{copy.page(page)}</Text>
        {link("next", next, copy.nextPage)}
      </Group>
    </nav>
  );
}
