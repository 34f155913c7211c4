/**
 * Renders HTML that the server has already passed through sanitizeDescription (app/modules/content). Never
 * give it anything else.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the loader sanitises this HTML with sanitize-html.
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
