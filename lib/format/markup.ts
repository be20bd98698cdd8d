const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe inside XML or HTML, in an element or a quoted attribute: the five characters that
 * could end either, as references both languages read (&#39; rather than &apos;, which HTML 4 lacks).
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}
