/**
 * The largest image the server accepts, by pixels rather than bytes (docs/product.md#image-size-limit). A few
 * bytes of PNG can declare 60000 × 60000, which a browser showing it (the console's support screenshot, a saved
 * post's image) would try to decode into gigabytes of memory. 20,000 pixels on a side and 50 megapixels hold any
 * screenshot or photo a person saves.
 */
export const MAX_IMAGE_SIDE = 20_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface ImageSize {
  width: number;
  height: number;
}

/** `subject` as the sentence starts: 'An image', 'The screenshot'. */
export const pixelLimitMessage = (subject: string) =>
  `${subject} can be at most 20,000 pixels on a side and 50 megapixels in all.`;

export const withinPixelLimit = ({ width, height }: ImageSize) =>
  width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;

/** The extent of both: a header read after another can only make the image larger. */
export const largest = (a: ImageSize | null, b: ImageSize): ImageSize =>
  a ? { width: Math.max(a.width, b.width), height: Math.max(a.height, b.height) } : b;
