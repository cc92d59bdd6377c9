import GLibCore

/// An app's own gettext text domain, reached through WebAppWindow so an app translates its
/// words the way the library translates its own: `static let words = TextDomain("my-app")`,
/// then `words.tr("Import notes…")`, with its catalogs in the target's `po/` folder compiled by
/// the `CompileCatalogs` plugin (and by the `deb` plugin's `--po`).
public typealias TextDomain = GLibCore.TextDomain
