#!/usr/bin/env bash
# A local stand-in for node:24-bookworm-slim, for building deploy/Dockerfile where Docker Hub is out
# of reach: Debian bookworm (debootstrap minbase from the Debian mirror), the Node 24 binary the
# project already has (the `node` devDependency), npm 11 from the npm registry and the `node` user
# (uid 1000) like the official image. Prints the image name; an image already built for this script
# and this Node version is reused (building it takes about two minutes).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
node_bin="$root/node_modules/node/bin/node"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

node_version="$("$node_bin" --version)"
recipe="$(sha256sum "$0" | cut -c1-12)"
image="localhost/cordial-node-base:${node_version#v}-$recipe"
if podman image exists "$image"; then
  echo "$image"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
echo "building $image: debootstrap bookworm from $mirror" >&2
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}
# Slim like the official image: no package lists or downloaded packages.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb

install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
(cd "$work" && npm pack --silent npm@11 >/dev/null)
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/npm-*.tgz --strip-components=1 -C "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# This machine's trusted certificates: its way out to the npm registry may pass a proxy with its own
# authority (the official image trusts Node's built-in list only).
ca_bundle="${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}"
ca_env=()
if [ -f "$ca_bundle" ]; then
  install -D -m 0644 "$ca_bundle" "$rootfs/etc/ssl/certs/ca-certificates.crt"
  ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
fi

chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

tar -C "$rootfs" --numeric-owner --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -c . |
  podman import --quiet "${ca_env[@]}" --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$image" >/dev/null
echo "$image"
