// A real IMAP server for inbound mail tests: Debian's Dovecot (dovecot-imapd, which .ci/run
// installs), run as a private instance on a free local port with its own configuration, one
// user and Maildir storage in a temporary folder. Messages reach it by IMAP APPEND, as a mail
// server's delivery would put them in the mailbox.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";

export const DOVECOT = "/usr/sbin/dovecot";

/** On CI Dovecot must be there (.ci/run installs it); elsewhere its tests are skipped without it. */
export const hasDovecot = existsSync(DOVECOT);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type Dovecot = {
  /** INBOUND_IMAP_URL for the test user's INBOX. */
  url: string;
  port: number;
  user: string;
  pass: string;
  /** A client logged in as the test user, for putting mail in and looking at flags. */
  client(): Promise<ImapFlow>;
  /** Delivers a raw message to the INBOX. */
  deliver(raw: string): Promise<void>;
  stop(): void;
};

export async function startDovecot(): Promise<Dovecot> {
  const dir = mkdtempSync(path.join(tmpdir(), "tend-dovecot-"));
  const port = await freePort();
  const user = "tend";
  const pass = "inbound-secret";
  for (const sub of ["run", "state", "mail", "home"])
    execFileSync("mkdir", ["-p", path.join(dir, sub)]);
  // Mail is stored as the dovecot system user (the package creates it); the folder must be its.
  execFileSync("chown", ["dovecot:dovecot", path.join(dir, "mail"), path.join(dir, "home")]);
  execFileSync("chmod", ["755", dir]);
  writeFileSync(path.join(dir, "passwd"), `${user}:{PLAIN}${pass}\n`);
  const config = path.join(dir, "dovecot.conf");
  writeFileSync(
    config,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = dovecot
default_login_user = dovenull
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  // In the foreground (-F), as this process's child: a daemon would keep the test's pipes open.
  const master = spawn(DOVECOT, ["-F", "-c", config], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  master.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<never>((_resolve, reject) =>
    master.once("exit", (code) => reject(new Error(`Dovecot stopped (${code}): ${stderr}`))),
  );
  exited.catch(() => {});

  // Dovecot's master answers once its login process is up: wait for the port before logging in.
  const ready = (async () => {
    for (let attempt = 0; ; attempt++) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(port, "127.0.0.1");
        socket.once("connect", () => resolve(socket.end() && true));
        socket.once("error", () => resolve(false));
      });
      if (open) return;
      if (attempt >= 100) throw new Error(`Dovecot did not listen on ${port}: ${stderr}`);
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited]);
    }
  })();

  const client = async () => {
    await ready;
    const imap = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass },
      logger: false,
    });
    await imap.connect();
    return imap;
  };

  await ready;
  return {
    url: `imap://${user}:${pass}@127.0.0.1:${port}/INBOX`,
    port,
    user,
    pass,
    client,
    async deliver(raw) {
      const imap = await client();
      try {
        await imap.append("INBOX", raw);
      } finally {
        await imap.logout();
      }
    },
    stop() {
      master.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
