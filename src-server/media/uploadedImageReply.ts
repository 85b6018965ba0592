import { z } from 'zod';

/**
 * How an uploaded image is answered (a library picture, a support screenshot): it is an uploader's file, so the
 * browser must take it for the image its bytes proved on upload and nothing else, never run or frame it; private,
 * so never a shared cache. `cacheControl` says how long this browser may keep it.
 */
export const uploadedImageHeaders = (cacheControl: string) =>
  ({
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
    'Cache-Control': cacheControl,
  }) as const;

const binary = { schema: { type: 'string', format: 'binary' } };
/** Documents a 200 as an image of one of these types; the route's other answers stay JSON. */
export const imageResponse = (types: readonly string[]) =>
  z.string().meta({ description: 'The image', content: Object.fromEntries(types.map((t) => [t, binary])) });
