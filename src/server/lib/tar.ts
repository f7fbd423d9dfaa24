// A minimal POSIX tar (ustar) writer and reader for backups: regular files only, names up to 255
// characters. Backups stay inspectable with standard tools (`tar tf backup.tar`).
import { open, type FileHandle } from "node:fs/promises";

const BLOCK = 512;
const COPY_CHUNK = 1 << 20;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  const cut = name.lastIndexOf("/", 155);
  if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) {
    throw new Error(`tar: name too long: ${name}`);
  }
  return { prefix: name.slice(0, cut), base: name.slice(cut + 1) };
}

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, "utf8");
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148, "ascii");
  return block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

export type TarWriter = {
  addBuffer: (name: string, bytes: Uint8Array) => Promise<void>;
  /** Copies a file from disk into the archive in chunks (a database dump may be large). */
  addFile: (name: string, sourcePath: string) => Promise<void>;
  close: () => Promise<void>;
};

export async function createTarWriter(file: string): Promise<TarWriter> {
  const out = await open(file, "wx");
  return {
    async addBuffer(name, bytes) {
      await out.write(header(name, bytes.byteLength));
      await out.write(bytes);
      await out.write(padding(bytes.byteLength));
    },
    async addFile(name, sourcePath) {
      const source = await open(sourcePath, "r");
      try {
        const { size } = await source.stat();
        await out.write(header(name, size));
        await copy(source, 0, size, out);
        await out.write(padding(size));
      } finally {
        await source.close();
      }
    },
    async close() {
      await out.write(Buffer.alloc(BLOCK * 2));
      await out.sync();
      await out.close();
    },
  };
}

async function copy(from: FileHandle, offset: number, size: number, to: FileHandle) {
  const buffer = Buffer.alloc(Math.min(COPY_CHUNK, Math.max(size, 1)));
  let done = 0;
  while (done < size) {
    const { bytesRead } = await from.read(
      buffer,
      0,
      Math.min(buffer.length, size - done),
      offset + done,
    );
    if (bytesRead === 0) throw new Error("tar: the archive ends in the middle of a file");
    await to.write(buffer.subarray(0, bytesRead));
    done += bytesRead;
  }
}

export type TarEntry = { name: string; size: number; offset: number };

export type TarReader = {
  entries: TarEntry[];
  read: (entry: TarEntry) => Promise<Buffer>;
  /** Writes an entry's bytes to a new file. */
  extract: (entry: TarEntry, targetPath: string) => Promise<void>;
  close: () => Promise<void>;
};

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

export async function openTarReader(file: string): Promise<TarReader> {
  const input = await open(file, "r");
  const entries: TarEntry[] = [];
  try {
    const { size: total } = await input.stat();
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    while (position + BLOCK <= total) {
      await input.read(block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) break;
      if (field(block, 257, 6) !== "ustar") throw new Error("not a tar archive");
      const size = parseInt(field(block, 124, 12).trim() || "0", 8);
      const prefix = field(block, 345, 155);
      const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
      const type = field(block, 156, 1);
      if (type === "0" || type === "") entries.push({ name, size, offset: position + BLOCK });
      position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      if (position > total) throw new Error("the archive is cut short");
    }
  } catch (error) {
    await input.close();
    throw error;
  }
  return {
    entries,
    async read(entry) {
      const bytes = Buffer.alloc(entry.size);
      await input.read(bytes, 0, entry.size, entry.offset);
      return bytes;
    },
    async extract(entry, targetPath) {
      const out = await open(targetPath, "wx");
      try {
        await copy(input, entry.offset, entry.size, out);
      } finally {
        await out.close();
      }
    },
    close: () => input.close(),
  };
}
