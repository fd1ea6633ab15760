// Peer app for the benchmark: Express with passport-jwt as its documentation sets it up, given the
// HMAC key as a KeyObject, users in SQLite through better-sqlite3's prepared statements, passwords
// with @node-rs/argon2 at the spec's parameters. argv[2]: the SQLite file. Tells the parent its port
// over IPC (see lib/script-server.ts).
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hash, verify } from '@node-rs/argon2';
import Database from 'better-sqlite3';
import express from 'express';
import jwt from 'jsonwebtoken';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import '../servers/cpu-reporter.js';

const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const key = createSecretKey(randomBytes(32));

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  created_at: string;
}

const database = new Database(process.argv[2] ?? ':memory:');
database.pragma('journal_mode = WAL');
database.exec(`create table if not exists users (
  id text primary key, email text not null unique, first_name text not null, last_name text not null,
  password_hash text not null, created_at text not null)`);
const insertUser = database.prepare(
  'insert into users (id, email, first_name, last_name, password_hash, created_at) values (?, ?, ?, ?, ?, ?)',
);
const userById = database.prepare<[string], UserRow>('select * from users where id = ?');
const userByEmail = database.prepare<[string], UserRow>('select * from users where email = ?');
const publicUser = ({ id, email, first_name, last_name, created_at }: UserRow) => ({
  id,
  email,
  firstName: first_name,
  lastName: last_name,
  createdAt: created_at,
});

passport.use(
  new JwtStrategy(
    { jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: key as unknown as string, algorithms: ['HS256'] },
    (payload: { sub: string }, done) => {
      const user = userById.get(payload.sub);
      done(null, user ? publicUser(user) : false);
    },
  ),
);

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(express.json());
app.post('/api/signup', async (req, res) => {
  const { email, password, firstName, lastName } = req.body as Record<string, string>;
  const id = randomUUID();
  insertUser.run(
    id,
    String(email).toLowerCase(),
    String(firstName),
    String(lastName),
    await hash(String(password), ARGON2),
    new Date().toISOString(),
  );
  res.status(201).json({ id, email });
});
app.post('/api/login', async (req, res) => {
  const { email, password } = req.body as Record<string, string>;
  const user = userByEmail.get(String(email).toLowerCase());
  if (!user || !(await verify(user.password_hash, String(password)))) {
    res.status(401).json({ message: 'Invalid credentials' });
    return;
  }
  const accessToken = jwt.sign({ sub: user.id, email: user.email }, key, { algorithm: 'HS256', expiresIn: '15m' });
  res.json({ accessToken });
});
app.get('/api/me', passport.authenticate('jwt', { session: false }), (req, res) => {
  res.json(req.user);
});

const server = createServer(app);
server.listen(0, '127.0.0.1', () => process.send!({ type: 'ready', port: (server.address() as AddressInfo).port }));
process.once('SIGTERM', () => {
  database.close();
  process.exit(0);
});
