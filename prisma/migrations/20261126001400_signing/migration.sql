-- AlterTable: the signature scheme of a configuration and the secret a rotation replaced
-- (signing too until its expiry). Existing configurations keep the Hookgate v1 signature.
ALTER TABLE "webhook_configs" ADD COLUMN     "signature_scheme" TEXT NOT NULL DEFAULT 'HOOKGATE_V1',
ADD COLUMN     "previous_secret" TEXT,
ADD COLUMN     "previous_secret_expires_at" TIMESTAMPTZ(3);
