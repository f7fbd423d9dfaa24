// Backups' tar files, written and read with tar-stream: regular files only, so a backup stays
// inspectable with standard tools (`tar tf backup.tar`).
import { constants, createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdtemp, open, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { extract, pack } from "tar-stream";

export type TarWriter = {
  addBuffer: (name: string, bytes: Uint8Array) => Promise<void>;
  /** Streams a file from disk into the archive (a database dump may be large). */
  addFile: (name: string, sourcePath: string) => Promise<void>;
  /** Ends the archive and flushes it to disk. */
  close: () => Promise<void>;
};

/** A new tar file (an existing one is refused). */
export async function createTarWriter(file: string): Promise<TarWriter> {
  const archive = pack();
  const written = pipeline(archive, createWriteStream(file, { flags: "wx" }));
  written.catch(() => undefined); // its error comes out of close()
  return {
    addBuffer: (name, bytes) =>
      new Promise((resolve, reject) =>
        archive.entry({ name }, Buffer.from(bytes), (error) => (error ? reject(error) : resolve())),
      ),
    async addFile(name, sourcePath) {
      const { size } = await stat(sourcePath);
      await pipeline(createReadStream(sourcePath), archive.entry({ name, size }));
    },
    async close() {
      archive.finalize();
      await written;
      const handle = await open(file, "r+");
      await handle.sync();
      await handle.close();
    },
  };
}

export type TarEntry = { name: string; size: number; path: string };

export type TarReader = {
  entries: TarEntry[];
  read: (entry: TarEntry) => Promise<Buffer>;
  /** Writes an entry's bytes to a new file. */
  extract: (entry: TarEntry, targetPath: string) => Promise<void>;
  /** Removes the unpacked entries. */
  close: () => Promise<void>;
};

/** The archive's regular files, unpacked into a temporary directory. */
export async function openTarReader(file: string): Promise<TarReader> {
  const dir = await mkdtemp(path.join(tmpdir(), "tend-tar-"));
  const entries: TarEntry[] = [];
  const unpack = extract();
  unpack.on("entry", (header, stream, next) => {
    if (header.type !== "file") {
      stream.on("end", () => next());
      stream.resume();
      return;
    }
    const entry = {
      name: header.name,
      size: header.size ?? 0,
      path: path.join(dir, `${entries.length}`),
    };
    entries.push(entry);
    pipeline(stream, createWriteStream(entry.path)).then(() => next(), next);
  });
  try {
    await pipeline(createReadStream(file), unpack);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    entries,
    read: (entry) => readFile(entry.path),
    extract: (entry, targetPath) => copyFile(entry.path, targetPath, constants.COPYFILE_EXCL),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
