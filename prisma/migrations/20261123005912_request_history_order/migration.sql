-- AlterTable
ALTER TABLE "PermissionRequestEvent" ADD COLUMN     "sequence" SERIAL NOT NULL;

-- AlterTable
ALTER TABLE "PermissionRequestMessage" ADD COLUMN     "sequence" SERIAL NOT NULL;

