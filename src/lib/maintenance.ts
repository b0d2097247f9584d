type MaintenanceListener = () => void;
const maintenanceListeners = new Set<MaintenanceListener>();

/** The app moves to /maintenance when the API answers 503 MAINTENANCE. */
export function onMaintenance(listener: MaintenanceListener): () => void {
  maintenanceListeners.add(listener);
  return () => maintenanceListeners.delete(listener);
}

export function notifyMaintenance() {
  for (const listener of maintenanceListeners) listener();
}
