# syntax=docker/dockerfile:1
# The shop as one image (issue 41 part 5, decision 111): built in a first stage with every
# dependency, run in a second with the production dependencies and the built app only, as the
# unprivileged `node` user. scripts/production-recipe.sh runs the same steps without Docker (CI).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --ignore-scripts --no-audit --no-fund && npx patch-package
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS app
ENV NODE_ENV=production \
    APP_MODE=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && npx patch-package \
  && npm cache clean --force \
  && mkdir -p /data && chown node:node /data
COPY --from=build /app/build ./build
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/server/server.js"]
