import { z } from 'zod/mini';

/**
 * The schemas are written with zod's mini build, which loads no locale: a check without its own message would
 * say only "Invalid input". The server's 400 answers (and its start-up errors) give the reason in English, as
 * zod's full build did, so the English messages are configured once here, on the server only (the client's
 * bundle stays without them: every message it shows is a translation key of its own).
 */
z.config(z.locales.en());
