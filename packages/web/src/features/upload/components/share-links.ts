/** Share targets of the status card: each gets the link as its only payload. */

export function whatsappShareUrl(link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(link)}`;
}

export function telegramShareUrl(link: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}`;
}

export function emailShareUrl(link: string): string {
  return `mailto:?subject=${encodeURIComponent('File Link')}&body=${encodeURIComponent(link)}`;
}
