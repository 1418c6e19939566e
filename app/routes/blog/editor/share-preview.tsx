import { Stack, Text, Title } from "@mantine/core";
import { SHARE_PREVIEW_COPY } from "./labels.ts";
import classes from "./post-form.module.css";
import type { SharePreviewData } from "./types.ts";

/** Search results cut a description at about this many characters. */
export const SNIPPET_LENGTH = 160;

function snippet(text: string) {
  return text.length > SNIPPET_LENGTH
    ? `${text.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…`
    : text;
}

function parts(url: string) {
  try {
    return new URL(url);
  } catch {
    return { host: url, pathname: "" };
  }
}

/** As a search result shows an address: the host, then the path's steps. */
function displayUrl(url: string) {
  const { host, pathname } = parts(url);
  return `${host}${pathname.replace(/\/$/, "").replace(/\//g, " › ")}`;
}

/**
 * The post as a search result and as a link preview (decision 135), drawn
 * from what the page's meta tags will say: the live form with JavaScript,
 * and the Preview with or without it.
 */
export function SharePreview({
  share,
  idPrefix,
}: {
  share: SharePreviewData;
  idPrefix: string;
}) {
  const headingId = `${idPrefix}-share-heading`;
  return (
    <section
      className={classes.share}
      aria-labelledby={headingId}
      data-testid={`${idPrefix}-share`}
    >
      <Title order={2} size="h4" id={headingId}>
        {SHARE_PREVIEW_COPY.heading}
      </Title>
      <Stack gap="md" mt="sm">
        <figure className={classes.figure}>
          <figcaption className={classes.caption}>
            {SHARE_PREVIEW_COPY.search}
          </figcaption>
          <div className={classes.snippet} data-testid="search-snippet">
            <span className={classes.snippetUrl}>{displayUrl(share.url)}</span>
            <span className={classes.snippetTitle}>{share.title}</span>
            <span className={classes.snippetText}>
              {snippet(share.description)}
            </span>
          </div>
        </figure>
        <figure className={classes.figure}>
          <figcaption className={classes.caption}>
            {SHARE_PREVIEW_COPY.card}
          </figcaption>
          <div className={classes.card} data-testid="social-card">
            <img
              src={share.imageUrl}
              alt={SHARE_PREVIEW_COPY.cardImage}
              className={classes.cardImage}
              data-testid="social-card-image"
            />
            <div className={classes.cardBody}>
              <Text size="xs" c="dimmed" tt="uppercase">
                {parts(share.url).host}
              </Text>
              <Text fw={600}>{share.title}</Text>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {share.description}
              </Text>
            </div>
          </div>
        </figure>
      </Stack>
    </section>
  );
}
