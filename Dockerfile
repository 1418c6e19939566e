# syntax=docker/dockerfile:1
# Multi-stage build for Fly.io: dependencies and build in throwaway stages,
# a final image with production dependencies only, run as a non-root user.
FROM node:24-slim AS base
ENV NODE_ENV=production
WORKDIR /app

FROM base AS deps
COPY package.json package-lock.json .npmrc ./
RUN npm ci --include=dev --no-audit --no-fund

FROM base AS production-deps
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx react-router build

FROM base
COPY --from=production-deps /app/node_modules /app/node_modules
COPY --from=build /app/build /app/build
COPY --from=build /app/public /app/public
COPY --from=build /app/app/server /app/app/server
COPY package.json ./
USER node
# Memory for the 512 MB machine (decision 111): two malloc arenas, since
# sharp's libvips threads would each fragment one of their own (sharp's advice
# for glibc), and a 160 MB JavaScript heap, so that heap, the sanitiser
# worker's 64 MB, the one image being decoded (about 130 MB) and Node itself
# (about 80 MB) fit together; V8 alone would take 256 MB there. The young
# generation is held to 8 MB semi-spaces: grown to V8's default after a burst of
# large previews, it filled the heap's budget with a live set of 33 MB and V8
# ran a full collection every 30 ms from then on.
ENV PORT=3000 HOST=0.0.0.0 MALLOC_ARENA_MAX=2 NODE_OPTIONS="--max-old-space-size=160 --max-semi-space-size=8"
EXPOSE 3000
# Node 24 runs the TypeScript server as it is (type stripping): no build step.
# Stock Node, no flags, as npm start runs it (tests/tools/deploy-files.test.ts).
CMD ["node", "app/server/production.ts"]
