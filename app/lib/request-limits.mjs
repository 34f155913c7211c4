// @ts-check
import { pagePathOf } from "./page-path.mjs";
/**
 * What a client may send the shop. One home for the HTTP server (server.mjs refuses an over-size or
 * unsupported body before Remix runs) and for readForm in the app (which counts the bytes it really reads,
 * for bodies sent without a Content-Length, and the fields it finds). Plain JavaScript so that server.mjs,
 * which Node runs as it is, can import it too. Why these numbers: docs/decisions/0012-request-limits-and-input-hygiene.md.
 */
export const requestLimits = {
  /**
   * A form post. The longest forms (a contact message of 2 000 characters, an address) are under 20 KB even
   * in Tamil or Kannada, whose letters take 9 bytes each once percent-encoded.
   */
  formBytes: 64 * 1024,
  /** A blog post's form in the back office: a post of 20 000 letters in Kannada, percent-encoded. */
  longFormBytes: 256 * 1024,
  /** The JSON bodies of the PhonePe webhook and the simulator's API: a few hundred bytes in practice. */
  jsonBytes: 64 * 1024,
  /**
   * A picture uploaded in the back office (one per post): a phone's photo is 2-5 MB. Its upload path takes
   * this much plus room for the form around it; every other path keeps the 64 KB form limit.
   */
  imageBytes: 5 * 1024 * 1024,
  /**
   * One identity, address or purchase-order document of a rental booking (a phone's photo, a scanned PDF).
   * The booking's path takes three of them plus room for the form (docs/decisions/0043-rentals.md).
   */
  rentalDocumentBytes: 5 * 1024 * 1024,
  /** A CSV file of delivery zones imported in the back office: a few hundred rows at most are a few KB. */
  csvBytes: 256 * 1024,
  /**
   * The catalogue as a CSV file imported in the back office: 10 000 products with descriptions of about 500
   * letters are about 8 MB (docs/decisions/0044-catalogue-import.md).
   */
  catalogueCsvBytes: 15 * 1024 * 1024,
  /** No form of the shop has more than about 20 fields. */
  formFields: 100,
  /**
   * Posts of the password forms (log-in, sign-up, profile, reset) one process handles at once; more are
   * answered 503 at once. Ten is the password gate's two running and eight waiting hashes.
   */
  passwordForms: { maxInFlight: 10, retryAfterSeconds: 2 },
  /**
   * Rental booking posts one process reads at once (each up to 15 MB, held a few times over while its
   * documents are checked); more are answered 503 at once.
   */
  rentalBookings: { maxInFlight: 4, retryAfterSeconds: 5 },
  /**
   * Catalogue imports (an upload or a commit of up to 10 000 products) one process reads and plans at once; a
   * few more wait their turn, each up to 15 s (half the time a whole request may take, below), unread meanwhile.
   */
  catalogueImports: { maxInFlight: 1, maxWaiting: 3, waitSeconds: 15, retryAfterSeconds: 10 },
  /** A client gets this long to send its request headers, and this long for the whole request. */
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
};

/** Paths whose bodies are JSON: the JSON API and PhonePe's webhook under it, and the simulator's API (JSON, or its OAuth form). */
const jsonOnly = /^\/api\//i;
const jsonOrForm = /^\/phonepe-simulator\//;

/** Said when a JSON body is over the limit, by the server before reading it and by readJson. */
export const jsonTooLargeMessage = `The JSON body is too large (at most ${requestLimits.jsonBytes / 1024} KB).`;

/** The back office's picture uploads: multipart only, with a limit of their own. */
const imageUpload = /^\/admin\/(?:products|blogs)\/[^/]+\/images\/?$/i;
/** A blog post's form: a long post in Kannada or Tamil (9 bytes a letter once percent-encoded) needs more. */
const longForm = /^\/admin\/blogs\/[^/]+\/?$/i;
const IMAGE_FORM_BYTES = requestLimits.imageBytes + requestLimits.formBytes;
/** A rental booking: its form with up to three documents (ID, address, a business's purchase order). */
const rentalBooking = /^\/product\/[^/]+\/book\/?$/i;
const RENTAL_BOOKING_BYTES = 3 * requestLimits.rentalDocumentBytes + requestLimits.formBytes;
/** Said when a booking's documents together are over the limit, by the server before reading them. */
export const rentalBookingTooLargeMessage = `The documents are too large (at most ${requestLimits.rentalDocumentBytes / (1024 * 1024)} MB each). Please choose smaller files.`;
/** The delivery zones' CSV import: multipart only, the file plus room for the form around it. */
const csvUpload = /^\/admin\/zones\/import\/?$/i;
const CSV_FORM_BYTES = requestLimits.csvBytes + 4 * 1024;

/** The catalogue's CSV import: multipart only, the file plus room for the form around it. */
const catalogueCsvUpload = /^\/admin\/products\/import\/?$/i;
const CATALOGUE_CSV_FORM_BYTES = requestLimits.catalogueCsvBytes + 4 * 1024;
/** Said when a catalogue file is over the limit, by the server before reading it and by the import form. */
export const catalogueCsvTooLargeMessage = `The file is too large (at most ${requestLimits.catalogueCsvBytes / (1024 * 1024)} MB). Import the catalogue in parts: export one category at a time.`;

/** Said when a CSV file is over the limit, by the server before reading it and by the import form. */
export const csvTooLargeMessage = `The file is too large (at most ${requestLimits.csvBytes / 1024} KB). Please choose a smaller one.`;

/** Said when a picture is over the limit, by the server before reading it and by the upload form. */
export const imageTooLargeMessage = `The picture is too large (at most ${requestLimits.imageBytes / (1024 * 1024)} MB). Please choose a smaller one.`;

/**
 * The media types a POST to `pathname` may carry, and how large it may be.
 * @param {string} pathname
 * @returns {{ types: string[]; maxBytes: number; tooLargeMessage?: string; wrongTypeMessage?: string }}
 */
export function acceptedBodies(pathname) {
  const page = pagePathOf(pathname);
  if (jsonOnly.test(page)) {
    return {
      types: ["application/json"],
      maxBytes: requestLimits.jsonBytes,
      tooLargeMessage: jsonTooLargeMessage,
      wrongTypeMessage: "This call takes a JSON body: send it with Content-Type: application/json.",
    };
  }
  if (imageUpload.test(page)) {
    return {
      types: ["multipart/form-data"],
      maxBytes: IMAGE_FORM_BYTES,
      tooLargeMessage: imageTooLargeMessage,
    };
  }
  if (rentalBooking.test(page)) {
    return {
      types: ["multipart/form-data", "application/x-www-form-urlencoded"],
      maxBytes: RENTAL_BOOKING_BYTES,
      tooLargeMessage: rentalBookingTooLargeMessage,
    };
  }
  if (catalogueCsvUpload.test(page)) {
    return {
      types: ["multipart/form-data"],
      maxBytes: CATALOGUE_CSV_FORM_BYTES,
      tooLargeMessage: catalogueCsvTooLargeMessage,
    };
  }
  if (csvUpload.test(page)) {
    return { types: ["multipart/form-data"], maxBytes: CSV_FORM_BYTES, tooLargeMessage: csvTooLargeMessage };
  }
  if (longForm.test(page)) {
    return {
      types: ["application/x-www-form-urlencoded", "multipart/form-data"],
      maxBytes: requestLimits.longFormBytes,
    };
  }
  if (jsonOrForm.test(page)) {
    return {
      types: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
      maxBytes: requestLimits.jsonBytes,
      tooLargeMessage: `The request's body is too large (at most ${requestLimits.jsonBytes / 1024} KB).`,
    };
  }
  return {
    types: ["application/x-www-form-urlencoded", "multipart/form-data"],
    maxBytes: requestLimits.formBytes,
  };
}

/**
 * The media type of a Content-Type header, lower-cased, without its parameters ("" when there is none).
 * @param {string | null | undefined} contentType
 */
export function mediaTypeOf(contentType) {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/**
 * Why a request body is refused before a byte of it is read, or undefined when it may be read.
 * @param {{ method: string; pathname: string; contentType: string | null | undefined;
 *   contentLength: string | null | undefined; chunked: boolean }} request
 * @returns {{ status: 413 | 415; message: string } | undefined}
 */
export function refuseBody({ method, pathname, contentType, contentLength, chunked }) {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return undefined;
  const { types, maxBytes, tooLargeMessage, wrongTypeMessage } = acceptedBodies(pathname);
  const length = contentLength ? Number(contentLength) : 0;
  if (!Number.isFinite(length) || length > maxBytes) return tooLarge(maxBytes, tooLargeMessage);
  const hasBody = length > 0 || chunked;
  const type = mediaTypeOf(contentType);
  // A POST with no body at all (a bare log-out button) needs no type.
  if (!hasBody && type === "") return undefined;
  if (!types.includes(type)) {
    return {
      status: 415,
      message:
        wrongTypeMessage ?? "This kind of request is not accepted here. Please use the form on the page.",
    };
  }
  if (type === "multipart/form-data" && !/;\s*boundary=/i.test(contentType ?? "")) {
    return { status: 415, message: "The form could not be read. Please use the form on the page." };
  }
  return undefined;
}

/**
 * @param {number} maxBytes
 * @param {string} [message] the path's own wording (a picture upload's), else the form's
 */
export function tooLarge(maxBytes, message) {
  return /** @type {const} */ ({
    status: 413,
    message:
      message ??
      `The form is too large (at most ${Math.round(maxBytes / 1024)} KB). Please shorten it and try again.`,
  });
}
