/**
 * The video upload's figures (decision 060, "Videos"), client-safe: the upload page's component
 * names the field, the server module and the body guard share the cap.
 */

/** The largest video a segment may carry (env SIGNAGE_VIDEO_MAX_MB may only lower it). */
export const SIGNAGE_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** The form's other parts and the multipart framing. */
export const SIGNAGE_VIDEO_FORM_OVERHEAD = 64 * 1024;
export const VIDEO_FIELD = "video";
