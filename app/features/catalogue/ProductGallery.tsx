import { type MouseEvent, type PointerEvent, useEffect, useState } from "react";
import { highFetchPriority } from "~/lib/fetch-priority";
import { type GalleryImage, zoomOrigin } from "./product-page";

const ZOOM = 2;

/**
 * The product's images: one large, thumbnails below. Without JavaScript each thumbnail is a link to
 * `?image=N` and a "View full size" link opens the picture itself. With JavaScript the thumbnails switch
 * the large image in place, and the large image zooms: it follows the mouse on hover, and a tap toggles the
 * zoom on a touch screen (dragging then pans). Keyboard users keep the full-size link.
 */
export function ProductGallery({ images, initial }: { images: GalleryImage[]; initial: number }) {
  const [selected, setSelected] = useState(initial);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const current = images[selected] ?? images[0];
  if (!current) return null;

  function origin(event: PointerEvent<HTMLDivElement>) {
    return zoomOrigin(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === "mouse" || zoom) setZoom(origin(event));
  }
  function onPointerLeave(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === "mouse") setZoom(null);
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType !== "mouse") setZoom(zoom ? null : origin(event));
  }
  function choose(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setSelected(index);
    setZoom(null);
  }

  return (
    <section className="gallery" aria-label="Product images">
      {/* Zoom is a pointer-only extra; keyboard users have the "View full size" link. */}
      <div
        className={zoom ? "gallery-main zoomed" : "gallery-main"}
        data-zoomable={hydrated ? "true" : undefined}
        onPointerMove={hydrated ? onPointerMove : undefined}
        onPointerLeave={hydrated ? onPointerLeave : undefined}
        onPointerUp={hydrated ? onPointerUp : undefined}
      >
        <img
          key={current.url + selected}
          src={current.url}
          alt={current.alt}
          width="600"
          height="600"
          {...highFetchPriority}
          style={zoom ? { transform: `scale(${ZOOM})`, transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
        />
      </div>
      <p className="gallery-tools">
        <a href={current.url} className="full-size-link">
          View full size<span className="visually-hidden"> image {selected + 1}</span>
        </a>
        {hydrated ? (
          <span className="zoom-hint" aria-hidden="true">
            Hover or tap the image to zoom
          </span>
        ) : null}
      </p>
      {images.length > 1 ? (
        <ul className="gallery-thumbs">
          {images.map((image, index) => (
            <li key={image.url + String(index)}>
              <a
                href={`?image=${index + 1}`}
                aria-current={index === selected ? "true" : undefined}
                aria-label={`Show image ${index + 1} of ${images.length}: ${image.alt}`}
                onClick={(event) => choose(event, index)}
              >
                <img src={image.url} alt="" width="80" height="80" loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
