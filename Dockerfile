# Pria: one image for web and worker processes (PRIA_ROLE=web|worker|all).
# Build: docker build -t pria .   Run: see docs/deployment.md
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# NOTE: a 16 MB young generation (V8 sizes it from the heap limit, much larger on a big machine)
# keeps a billing worker's resident memory flat and under 300 MB; see docs/benchmarks.md.
CMD ["node", "--max-semi-space-size=16", "apps/server/src/main.ts"]
