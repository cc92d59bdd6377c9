// An app built on WebAppWindow reaches the desktop services its windows offer
// (`FileChooser`, `FileFilter`, `Clipboard`, `DropTarget`) without importing them itself.
@_exported import DesktopServices
