// One-tap logs made in this tab a moment ago: a second tap on "Log contact" for the same person
// within the window is the same conversation, so it shows the first log's toast again instead of
// adding an identical entry. An undone log is forgotten, so the next tap logs again.
export type RecentLog = { undoId: string; at: number };

export function createRecentLogs(windowMs: number) {
  const logs = new Map<string, RecentLog>();
  return {
    remember(contactId: string, log: RecentLog): void {
      logs.set(contactId, log);
    },
    /** The log of this contact still inside the window at `now`, if there is one. */
    find(contactId: string, now: number): RecentLog | undefined {
      const log = logs.get(contactId);
      if (log && now - log.at < windowMs && now >= log.at) return log;
      logs.delete(contactId);
      return undefined;
    },
    forget(undoId: string): void {
      for (const [contactId, log] of logs) if (log.undoId === undoId) logs.delete(contactId);
    },
  };
}
