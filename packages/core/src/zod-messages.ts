/**
 * Zod's own English messages ("Too small: expected number to be >=1") for the rules core's schemas
 * leave unworded. Those schemas are written with zod/mini, which loads no messages, so that the
 * page does not carry them: it never shows zod's words (an answer it cannot read is one fixed
 * sentence). The server, whose 400s quote them, and the CLI, which checks a presign before sending
 * it, import this module once; classic zod would set the same messages on its first schema.
 */
import { en } from 'zod/locales';
import { z } from 'zod/mini';

z.config(en());
