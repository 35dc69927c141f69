//! Which module of a crate uses which, read from its source text: `use` trees, paths that
//! start with `crate::`, `super::`, `self::` or a child module's name, and re-exports
//! followed to where the item lives. Enough of Rust's paths to draw the graph of files, not
//! a parser of the language: test modules (`#[cfg(test)] mod tests { … }`) and comments are
//! left out, and a name outside the crate is no edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A crate's modules: the module path (`""` for the root, `shell::error`) of each file and
/// its code without comments and test modules.
pub struct SourceTree {
    pub modules: BTreeMap<String, String>,
}

/// `from` uses `to` for `names`.
pub type Edges = BTreeMap<(String, String), BTreeSet<String>>;

impl SourceTree {
    /// The files under `src` (a crate's `src/`); `main.rs` is a program of its own, left out.
    pub fn read(src: &Path) -> SourceTree {
        let mut modules = BTreeMap::new();
        for file in super::rust_files(src) {
            let relative = file.strip_prefix(src).expect("under src");
            let mut parts: Vec<String> = relative
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            let last = parts.pop().expect("a file name");
            if relative == Path::new("main.rs") {
                continue;
            }
            match last.as_str() {
                "lib.rs" | "mod.rs" => {}
                name => parts.push(name.trim_end_matches(".rs").to_owned()),
            }
            let text = std::fs::read_to_string(&file).expect("readable source");
            modules.insert(parts.join("::"), code_of(&text));
        }
        SourceTree { modules }
    }

    /// Every edge between two modules of this crate.
    pub fn edges(&self) -> Edges {
        let mut edges = Edges::new();
        for (module, code) in &self.modules {
            for path in paths_in(code, &self.children(module)) {
                let Some(absolute) = self.absolute(module, &path) else {
                    continue;
                };
                let target = self.resolve(&absolute, 0);
                if target != *module {
                    let name = path.last().cloned().unwrap_or_default();
                    edges
                        .entry((module.clone(), target))
                        .or_default()
                        .insert(name);
                }
            }
        }
        edges
    }

    /// The modules of this crate that `code` (another crate's, which calls this one
    /// `crate_name`) uses, each with the names it takes.
    pub fn used_by(&self, crate_name: &str, code: &str) -> BTreeMap<String, BTreeSet<String>> {
        let mut used: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for path in paths_in(code, &BTreeSet::new()) {
            if path.first().map(String::as_str) == Some(crate_name) {
                let target = self.resolve(&path[1..], 0);
                used.entry(target)
                    .or_default()
                    .insert(path.last().cloned().unwrap_or_default());
            }
        }
        used
    }

    fn children(&self, module: &str) -> BTreeSet<String> {
        let prefix = if module.is_empty() {
            String::new()
        } else {
            format!("{module}::")
        };
        self.modules
            .keys()
            .filter_map(|name| name.strip_prefix(&prefix))
            .filter(|rest| !rest.is_empty() && !rest.contains("::"))
            .map(str::to_owned)
            .collect()
    }

    /// `path` as written in `module`, from the crate root; `None` when it leaves the crate.
    fn absolute(&self, module: &str, path: &[String]) -> Option<Vec<String>> {
        let mut base: Vec<String> = if module.is_empty() {
            Vec::new()
        } else {
            module.split("::").map(str::to_owned).collect()
        };
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) if self.children(module).contains(first) => {}
            _ => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The module an absolute path lands in: the deepest module it names, or where a
    /// re-export there sends it.
    fn resolve(&self, absolute: &[String], depth: usize) -> String {
        let mut module = String::new();
        for (index, segment) in absolute.iter().enumerate() {
            let child = if module.is_empty() {
                segment.clone()
            } else {
                format!("{module}::{segment}")
            };
            if self.modules.contains_key(&child) {
                module = child;
                continue;
            }
            if depth < 8
                && let Some(target) = self.reexports(&module).get(segment)
            {
                let mut onward = target.clone();
                onward.extend(absolute[index + 1..].iter().cloned());
                return self.resolve(&onward, depth + 1);
            }
            break;
        }
        module
    }

    /// What `module` re-exports (`pub use`): each name, with the absolute path it stands for.
    fn reexports(&self, module: &str) -> BTreeMap<String, Vec<String>> {
        let Some(code) = self.modules.get(module) else {
            return BTreeMap::new();
        };
        let mut names = BTreeMap::new();
        for statement in use_statements(code).into_iter().filter(|s| s.public) {
            for (path, alias) in statement.leaves {
                if let Some(absolute) = self.absolute(module, &path) {
                    let name = alias.unwrap_or_else(|| path.last().cloned().unwrap_or_default());
                    names.insert(name, absolute);
                }
            }
        }
        names
    }
}

/// Code without comments and without `#[cfg(test)] mod tests { … }`.
fn code_of(text: &str) -> String {
    let without_comments: String = text
        .lines()
        .map(|line| match line.find("//") {
            // A `//` inside a string (a URL) is no comment; strings with `//` and code
            // after them are rare enough in our sources to accept.
            Some(at) if line[..at].matches('"').count() % 2 == 0 => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut code = without_comments;
    while let Some(start) = code.find("#[cfg(test)]") {
        let after = &code[start..];
        let Some(open) = after.find('{') else {
            break;
        };
        let header = &after[..open];
        if !header.contains("mod ") {
            // An attribute on an item that is not a module: keep the rest.
            code.replace_range(start..start + "#[cfg(test)]".len(), "");
            continue;
        }
        let mut depth = 0_usize;
        let mut end = code.len();
        for (offset, character) in after[open..].char_indices() {
            match character {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = start + open + offset + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        code.replace_range(start..end, "");
    }
    code
}

struct UseStatement {
    public: bool,
    /// Each leaf of the tree: its whole path and its alias.
    leaves: Vec<(Vec<String>, Option<String>)>,
}

fn use_statements(code: &str) -> Vec<UseStatement> {
    let mut statements = Vec::new();
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let (public, start) = at;
        let tail = &rest[start..];
        let end = tail.find(';').unwrap_or(tail.len());
        let mut leaves = Vec::new();
        expand(&[], &tail[..end], &mut leaves);
        statements.push(UseStatement { public, leaves });
        rest = &tail[end..];
    }
    statements
}

/// The next `use` item: whether it is public, and where its tree starts.
fn find_use(code: &str) -> Option<(bool, usize)> {
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        for (prefix, public) in [
            ("use ", false),
            ("pub use ", true),
            ("pub(crate) use ", false),
        ] {
            if trimmed.starts_with(prefix) {
                return Some((public, offset + indent + prefix.len()));
            }
        }
        offset += line.len();
    }
    None
}

/// The leaves of a use tree such as `a::{b, c::{d as e, self}}`, each prefixed.
fn expand(prefix: &[String], tree: &str, leaves: &mut Vec<(Vec<String>, Option<String>)>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let mut base = prefix.to_vec();
        base.extend(segments(&tree[..open]));
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        for (index, character) in inner.char_indices() {
            match character {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&base, &inner[start..index], leaves);
                    start = index + 1;
                }
                _ => {}
            }
        }
        expand(&base, &inner[start..], leaves);
        return;
    }
    if tree.is_empty() {
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((path, alias)) => (path, Some(alias.trim().to_owned())),
        None => (tree, None),
    };
    let mut whole = prefix.to_vec();
    whole.extend(
        segments(path)
            .into_iter()
            .filter(|segment| segment != "*" && segment != "self"),
    );
    leaves.push((whole, alias));
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|segment| !segment.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Every path `code` names that may lead to another module: the leaves of its `use` trees,
/// and in the code itself the paths that start with `crate`, `super`, `self`, a child
/// module's name or another crate's name (`revrec_http::…`).
fn paths_in(code: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut paths: Vec<Vec<String>> = use_statements(code)
        .into_iter()
        .flat_map(|statement| statement.leaves.into_iter().map(|(path, _)| path))
        .collect();
    let bytes = code.as_bytes();
    let is_word = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_';
    let mut index = 0;
    while index < bytes.len() {
        if !is_word(bytes[index])
            || (index > 0 && (is_word(bytes[index - 1]) || bytes[index - 1] == b':'))
        {
            index += 1;
            continue;
        }
        let start = index;
        let mut end = index;
        // A path: words joined by `::`.
        loop {
            while end < bytes.len() && is_word(bytes[end]) {
                end += 1;
            }
            if code[end..].starts_with("::") && end + 2 < bytes.len() && is_word(bytes[end + 2]) {
                end += 2;
            } else {
                break;
            }
        }
        let path = segments(&code[start..end]);
        // `a::{…}` and `a::*` are the heads of use trees, which are read whole above.
        let tree_head = code[end..].starts_with("::{") || code[end..].starts_with("::*");
        if path.len() > 1 && !tree_head {
            let first = path[0].as_str();
            if matches!(first, "crate" | "super" | "self")
                || children.contains(first)
                || first.starts_with("revrec_")
            {
                paths.push(path);
            }
        }
        index = end.max(index + 1);
    }
    paths
}

/// The circles of a graph: each a set of two or more modules that reach one another
/// (Tarjan's strongly connected components), in a stable order.
pub fn circles(edges: &Edges) -> Vec<Vec<String>> {
    let mut graph: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        graph.entry(from).or_default().push(to);
        graph.entry(to).or_default();
    }
    struct Search<'a> {
        graph: &'a BTreeMap<&'a str, Vec<&'a str>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, node: &'a str) {
            let number = self.index.len();
            self.index.insert(node, number);
            self.low.insert(node, number);
            self.stack.push(node);
            self.on_stack.insert(node);
            for &next in &self.graph[node] {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    component.push(member.to_owned());
                    if member == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut search = Search {
        graph: &graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for &node in graph.keys() {
        if !search.index.contains_key(node) {
            search.visit(node);
        }
    }
    search.found.sort();
    search.found
}
