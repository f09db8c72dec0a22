/**
 * The default terms of use: plain words a small operator can run a public instance on. The
 * operator's name and abuse address come from the server's settings (OPERATOR_NAME, ABUSE_EMAIL).
 */
import type { LinkLimits } from '@sealdrop/core/client/link-options';
import { retentionLabel } from '@sealdrop/core/retention';
import { brand } from '../../../config/brand';

export const TERMS_TEXTS = {
  title: 'Terms of use',
  lead: (operator: string) =>
    `This ${brand.name} site is run by ${operator}. By uploading a file you agree to these terms; by opening a link you agree not to misuse what it gives you.`,
  contactTitle: 'Contact',
  contactWithEmail: 'Write about abuse, or send a legal notice, to ',
  contactWithoutEmail:
    'To tell us about a file, use "Report this file" under the download card of its link.',
  notAllowedTitle: 'What is not allowed',
  notAllowed: [
    "Malware, phishing pages, or anything made to break into or harm other people's devices or accounts.",
    'Anything illegal, including material that sexually exploits children, which is reported to the authorities.',
    "Material that infringes someone else's copyright or other rights.",
    'Spam, scams and fraud.',
    'Harassing, threatening or exposing other people.',
    "Getting around the upload limits, blocks or the site's security.",
  ],
  reportTitle: 'How to report a file',
  report: [
    'Open the link and choose "Report this file" under the download card. Pick a reason and, if you like, add details and your email address so a moderator can write back.',
    "If the file is encrypted, you may tick the box that includes the link's key, so a moderator can open the file. Without it, nobody at this site can see what the file contains.",
  ],
  noticesTitle: 'How reports and notices are handled',
  notices: [
    'A moderator looks at every report. A file that breaks these terms is removed: it is deleted from storage at once, and its link then says that it was removed.',
    "The moderator may also suspend the uploader's account, or block uploads from the uploader's network for a time. Every action is written to an audit log.",
    'A legal notice (a copyright notice, for instance) is handled the same way: send the link, say what is wrong and who you are. Do not include the key in an email unless you want us to read the file.',
  ],
  encryptedTitle: 'Encrypted files',
  encrypted: [
    "Files are encrypted in the sender's browser unless the sender turns encryption off. The key is the part of the link after the #, which browsers never send to this site, so the operator cannot read an encrypted file, its name or its contents, unless someone who reports it includes the key.",
    'Files sent without encryption can be read by the operator and may be scanned for malware.',
  ],
  retentionTitle: 'What is kept, and for how long',
  /** The server's retention (GET /api/config) fills in the first line. */
  retention: (limits: LinkLimits) => [
    `Files are deleted when they expire: after ${retentionLabel(limits.retentionMs.free)} (${retentionLabel(limits.retentionMs.premium)} on Premium) at the latest, sooner if the sender chose so or the link's download limit is reached.`,
    "A removed file's link says why it was removed until the file would have expired.",
    'A report is kept until a moderator closes it and for a while after; a key included with a report is deleted as soon as the report is closed.',
    'The audit log of moderation actions is kept. Network addresses are never kept as such: only keyed hashes of them, for limits and blocks.',
  ],
  warrantyTitle: 'No warranty',
  warranty:
    'The service is provided as it is, without any warranty. A file can be lost before it expires: keep your own copy.',
} as const;
