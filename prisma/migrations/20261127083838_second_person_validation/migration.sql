-- AlterTable
ALTER TABLE "User" ADD COLUMN     "secondPersonValidation" BOOLEAN NOT NULL DEFAULT false;

