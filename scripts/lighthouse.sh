#!/bin/bash
# Lighthouse performance of Home, Venue and a venue's detail against a running server, median of N runs.
# Lighthouse is not a dependency of the project: npx fetches it. Usage (server from `npm run build` and
# `PORT=4791 DATA_DIR=$(mktemp -d) node dist/server/main.js`):
#   scripts/lighthouse.sh http://127.0.0.1:4791 [mobile|desktop] [runs]
set -euo pipefail
BASE=$1; FORM=${2:-mobile}; RUNS=${3:-3}
OUT=$(mktemp -d)
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
preset=(); [ "$FORM" = desktop ] && preset=(--preset=desktop)
for page in ${PAGES:-"home:/#/pages/home" "venue:/#/pages/venue" "venue-detail:/#/pages/venue-detail?domain=leclos"}; do
  name=${page%%:*}
  for i in $(seq 1 "$RUNS"); do
    (cd /tmp && npx -y lighthouse@12 "$BASE${page#*:}" --only-categories=performance "${preset[@]}" --output=json \
      --output-path="$OUT/$name-$i.json" --chrome-flags="--headless=new --no-sandbox" --quiet)
  done
  node -e '
    const fs = require("fs");
    const [dir, name, runs, form] = process.argv.slice(1);
    const reports = Array.from({ length: +runs }, (_, i) => JSON.parse(fs.readFileSync(`${dir}/${name}-${i + 1}.json`, "utf8")));
    const median = (pick) => { const v = reports.map(pick).sort((a, b) => a - b); return Math.round(v[Math.floor(v.length / 2)]); };
    const audit = (id) => (r) => r.audits[id].numericValue;
    console.log(`${form} ${name}: performance ${median((r) => r.categories.performance.score * 100)} (${reports.map((r) => Math.round(r.categories.performance.score * 100)).join("/")}),`,
      `FCP ${median(audit("first-contentful-paint"))} ms, LCP ${median(audit("largest-contentful-paint"))} ms (${reports.map((r) => Math.round(audit("largest-contentful-paint")(r))).join("/")}),`,
      `TBT ${median(audit("total-blocking-time"))} ms, SI ${median(audit("speed-index"))} ms`);
  ' "$OUT" "$name" "$RUNS" "$FORM"
done
rm -rf "$OUT"
