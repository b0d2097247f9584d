-- CreateIndex
CREATE INDEX "User_lastName_id_idx" ON "User"("lastName", "id");

-- CreateIndex
CREATE INDEX "User_createdAt_idx" ON "User"("createdAt");

