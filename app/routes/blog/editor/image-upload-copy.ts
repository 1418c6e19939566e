// What POST /write/image answers and the editor shows of it: shared by the
// route and the browser, so no server code comes along.

export const IMAGE_UPLOAD_PATH = "/write/image";

export const IMAGE_UPLOAD_MESSAGES = {
  type: "Only PNG, JPEG, GIF and WebP images can be added.",
  tooLarge: "Images in a post must be 5 MB or smaller.",
  tooLargeImage:
    "Images in a post can be at most 25 megapixels, with 8 bits per colour. Please export it smaller, as a JPEG or an 8-bit PNG.",
  animation: "Animated images can be added as GIFs only.",
  tooMany: "Too many images at once. Please wait a minute and try again.",
  failed: "Failed to upload image. Please try again.",
} as const;

/** The attributes the editor gives the inserted <img>. */
export type UploadedImage = {
  src: string;
  srcset?: string;
  sizes?: string;
  width?: number;
  height?: number;
  /** A post's images below its cover load as the reader gets to them. */
  loading: "lazy";
};

export type ImageUploadReply =
  { ok: true; image: UploadedImage } | { ok: false; message: string };
