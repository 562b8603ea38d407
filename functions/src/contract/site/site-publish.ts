/**
 * What the inbox's Site part asks the functions and what it gets back: the photo upload (its
 * limits, so the inbox refuses a 25 MB file before sending it, with the function's own words), and
 * Preview, Publish and Undo last publish, with the record each leaves.
 *
 * Part of the contract: imports only the contract.
 */
import type { UnconfirmedValue } from './site-content-checks';

/** The HTTPS function that takes a photo (POST, the file as the body) and shows a stored one (GET ?id=). */
export const SITE_PHOTO_FUNCTION = 'sitePhoto';
/** The header the photo upload carries the site's App Check token in, as Firebase's own SDKs name it. */
export const APP_CHECK_HEADER = 'x-firebase-appcheck';
/** The callable that previews, publishes and undoes (`SitePublishRequest`). */
export const SITE_PUBLISH_FUNCTION = 'sitePublish';

/** A photo straight from a phone's camera is 2–8 MB; a larger file is not a photo worth its wait. */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** The widest product picture is 800 px: a smaller photo would be stretched and soft. */
export const PHOTO_MIN_SIDE = 800;
/** What a photo may be, as the function reads it from the file's own bytes (never its name). */
export const PHOTO_FORMATS_ACCEPTED = ['jpeg', 'png', 'webp'] as const;
/**
 * The most pixels a photo may have, read from its header before it is decoded: a phone's 12–32 MP
 * photo fits, while a small file declaring 16,000 × 16,000 (256 MP) would need gigabytes to open.
 */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Photos one owner account may upload in an India-time day: a catalogue's worth, not a script's. */
export const PHOTO_UPLOADS_PER_DAY = 30;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const counted = (n: number) => n.toLocaleString('en-IN');
/** `5 hours 20 minutes`, `40 minutes`: how long until a time, as the owner reads it. */
const duration = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    rest > 0 || hours === 0 ? `${rest} minute${rest === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' ');
};

/** The refusals of a file that is not a photo the site can use, in the words the owner reads. */
export const PHOTO_REFUSALS = {
  tooLarge: (bytes: number) =>
    `This file is ${megabytes(bytes)}; a photo can be at most ${megabytes(PHOTO_MAX_BYTES)}. Choose a smaller one, or send it to yourself on WhatsApp and use the copy it saves.`,
  empty: 'This file is empty. Choose the photo again.',
  svg: 'This is a drawing (an SVG file), not a photo. Choose a photo from the camera: JPEG, PNG or WebP.',
  pdf: 'This file is a PDF document, not a photo, whatever its name says. Choose a photo from the camera: JPEG, PNG or WebP.',
  notPhoto: 'This file is not a photo the site can use. Choose a photo from the camera: JPEG, PNG or WebP.',
  tooSmall: (width: number, height: number) =>
    `This photo is ${width} × ${height} pixels: too small to look sharp. Choose one at least ${PHOTO_MIN_SIDE} pixels on each side.`,
  tooManyPixels: (width: number, height: number) =>
    `This photo is ${counted(width)} × ${counted(height)} pixels; photos up to ${PHOTO_MAX_PIXELS / 1_000_000} megapixels are accepted. Please resize it and upload again.`,
  tooDetailed:
    'This photo has so much fine pattern that even at a lower quality it would load slowly on a phone. Choose another photo of the product, or one taken a little further away.',
  dailyQuota: (minutesToMidnight: number) =>
    `You have uploaded ${PHOTO_UPLOADS_PER_DAY} photos today, the most one account may in a day. You can upload again after midnight India time, in ${duration(minutesToMidnight)}.`,
  noAppCheck:
    'This upload did not come from the site (no valid App Check token). Reload the page and try again.',
  notOwner: "Only the owner's account can change the site's photos.",
  signIn: 'Sign in again to upload a photo.',
  notFound: 'That photo is not stored any more. Upload it again.',
} as const;

/** A stored photo, as the function answers an upload and as `site-photos/<id>` keeps it. */
export type SitePhoto = {
  id: string;
  /** Of the photo as published (turned upright, its metadata removed). */
  width: number;
  height: number;
  /** The file's name on the owner's phone, for the owner's eyes only. */
  originalName: string;
  uploadedByEmail: string;
};

export type SitePhotoAnswer = { photo: SitePhoto } | { error: string };

export type PublishAction = 'preview' | 'publish' | 'undo';

export type SitePublishRequest = {
  action: PublishAction;
  /** The owner has seen the values still holding sample text and publishes them as they are. */
  publishUnconfirmed?: boolean;
};

export type SitePublishResult =
  | {
      outcome: 'done';
      action: PublishAction;
      /** The preview's private address, or the live site's. */
      url: string;
      /** What changed, in words ("Machine Weft · Sold as: “100 g bundle” → “Bundle of 100 g”"). */
      changes: string[];
      /** From the tap to the release, as the function measured it. */
      seconds: number;
      /** Pages that came out heavier than the budget allows (a preview shows them, a publish refuses them). */
      warnings: string[];
    }
  | {
      outcome: 'refused';
      /** Content that fails a check, in the editor's words. */
      problems: string[];
      /** Values still holding sample text, which `publishUnconfirmed` lets through. */
      unconfirmed: UnconfirmedValue[];
      /** What to shorten so every page loads in one round trip. */
      budget: string[];
    }
  | { outcome: 'busy'; message: string }
  | { outcome: 'nothing-to-undo'; message: string };

/** `site-publishes/<id>` as the functions write it and the inbox reads it. */
export type PublishRecord<Time = unknown> = {
  action: PublishAction;
  state: 'running' | 'done' | 'failed' | 'refused';
  /** Where it is, in plain words, while it runs ("Uploading 3 new files"). */
  step: string;
  byEmail: string;
  startedAt: Time;
  finishedAt: Time | null;
  changes: string[];
  url: string | null;
  /** The Hosting version it released (or, for an undo, released again). */
  versionName: string | null;
  /** What failed, in plain words, when it did. */
  error: string | null;
};
