// Apps built on the app window get notifications, the status icon and URL schemes with it.
@_exported import DesktopIntegration
