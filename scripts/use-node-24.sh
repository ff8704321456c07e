# Source this (`. scripts/use-node-24.sh`) on a machine whose Node is older than 22: it installs Node 24 LTS
# from the npm registry (the package node-linux-<arch>@24 carries the binary and its headers, so nothing is
# downloaded from elsewhere), puts it first on PATH and points npm's nodedir at its headers, so native modules
# (better-sqlite3) build against it. With Node 22 or newer already first on PATH it changes nothing.
# .ci/run sources it; a developer sources it once per shell, before `npm install` / `npm ci`.

recruiter_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$recruiter_node_major" -lt 22 ]; then
  recruiter_node_package="node-linux-$(uname -m | sed -e 's/x86_64/x64/' -e 's/aarch64/arm64/')"
  recruiter_node_home="${RECRUITER_NODE_HOME:-$HOME/.cache/recruiter/node-24}"
  recruiter_node_dir="$recruiter_node_home/node_modules/$recruiter_node_package"
  if [ ! -x "$recruiter_node_dir/bin/node" ]; then
    echo "node: $(node -v 2>/dev/null || echo none) is older than 22; installing Node 24 ($recruiter_node_package@24 from the npm registry)"
    mkdir -p "$recruiter_node_home"
    npm install --prefix "$recruiter_node_home" --no-save --no-audit --no-fund --loglevel=error \
      "$recruiter_node_package@24" >/dev/null
  fi
  export PATH="$recruiter_node_dir/bin:$PATH"
  export npm_config_nodedir="$recruiter_node_dir"
  hash -r
  echo "node: using $(node -v) from $recruiter_node_dir"
fi
unset recruiter_node_major recruiter_node_package recruiter_node_home recruiter_node_dir
