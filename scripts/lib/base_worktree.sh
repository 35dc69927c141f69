# Sourced by the scripts that measure this tree against an earlier commit: a temporary
# folder (`work`) holding a detached worktree of that commit (`base_tree`), both removed
# when the script exits.
open_base_worktree() {
    work="$(mktemp -d)"
    base_tree="$work/base"
    trap 'git worktree remove --force "$base_tree" 2>/dev/null || true; rm -rf "$work"' EXIT
    git worktree add --quiet --detach "$base_tree" "$1"
}
