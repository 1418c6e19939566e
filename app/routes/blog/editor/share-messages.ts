// The messages of the post's own meta description and social image
// (decision 135), shared by the schema and the server. Not in
// post-messages.ts, which the public blog pages load.
export const SOCIAL_IMAGE_SIZE_MESSAGE =
  "The social image must be 5 MB or smaller.";
export const SOCIAL_IMAGE_TYPE_MESSAGE =
  "The social image must be a PNG, JPEG, GIF or WebP image.";
export const SOCIAL_IMAGE_PIXELS_MESSAGE =
  "The social image can be at most 25 megapixels, with 8 bits per colour. Please export it smaller, as a JPEG or an 8-bit PNG.";
export const META_DESCRIPTION_LENGTH_MESSAGE =
  "The meta description can be at most 300 characters.";
