import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { NativeSelect } from "@mantine/core";
import { POST_FORM_COPY } from "./labels.ts";
import classes from "./post-form.module.css";

export type BylineChoices = {
  authors: { id: string; name: string }[];
  coAuthors: { id: string; name: string }[];
  newPost: string | null;
};

function PersonSelect({
  meta,
  label,
  description,
  none,
  people,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  description?: string;
  none: string;
  people: { id: string; name: string }[];
}) {
  return (
    <NativeSelect
      {...getSelectProps(meta)}
      key={meta.key}
      label={label}
      description={description}
      data={[
        { value: "", label: none },
        ...people.map((person) => ({ value: person.id, label: person.name })),
      ]}
      error={meta.errors?.join(" ")}
      errorProps={{ id: meta.errorId }}
    />
  );
}

/**
 * Whom the post is credited to, and who wrote it with them. A writer may
 * credit only themselves, but keeps a credit an editor gave (`saved`).
 */
export function BylineFields({
  byline,
  coAuthor,
  choices,
  saved,
}: {
  byline: FieldMetadata<string | undefined>;
  coAuthor: FieldMetadata<string | undefined>;
  choices: BylineChoices;
  saved: string | null;
}) {
  const kept = choices.coAuthors.find(
    (person) =>
      person.id === saved &&
      !choices.authors.some((author) => author.id === saved),
  );
  return (
    <div className={classes.bylines}>
      <PersonSelect
        meta={byline}
        label={POST_FORM_COPY.byline}
        description={POST_FORM_COPY.bylineHint}
        none={POST_FORM_COPY.bylineTeam}
        people={kept ? [...choices.authors, kept] : choices.authors}
      />
      <PersonSelect
        meta={coAuthor}
        label={POST_FORM_COPY.coAuthor}
        none={POST_FORM_COPY.coAuthorNone}
        people={choices.coAuthors}
      />
    </div>
  );
}
