# Production image: builds the Remix app with Vite, then runs it with server.mjs (Express + Remix) on port 3000.
# Node 22 is a maintained LTS release (Node 20 reached its end of life in April 2026).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
# pg_dump, for the daily backup of a shop on PostgreSQL (Debian 12's is version 15: the server must not be newer).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/server.mjs ./
COPY --from=build /app/server ./server
# The server imports these few app/lib modules directly, outside the build (server/dockerfile.test.ts checks).
COPY --from=build /app/app/lib/*.mjs ./app/lib/
COPY --from=build /app/app/db/migrations ./app/db/migrations
VOLUME ["/app/data"]
EXPOSE 3000
CMD ["node", "--max-old-space-size=256", "server.mjs"]
