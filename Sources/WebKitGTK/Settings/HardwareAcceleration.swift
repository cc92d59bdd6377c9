import CWebKitGTKHelpers
import GLibCore

/// When WebKit draws pages with the GPU: what a new view's settings hold unless an app or
/// the environment (`WEBKIT_DISABLE_COMPOSITING_MODE`) changes it. `--doctor` reports it.
public enum HardwareAcceleration: Sendable {
    /// `always` composites every page on the GPU, `never` draws on the CPU, `onDemand` uses
    /// the GPU for pages that ask for it (3D transforms, WebGL).
    case always, never, onDemand

    /// The policy a new view gets. Asking a `WebKitSettings` needs a display (GTK aborts the
    /// process without one), so with `hasDisplay` false this is the setting's declared
    /// default, which the environment can still change.
    @MainActor
    public static func defaultPolicy(hasDisplay: Bool) -> HardwareAcceleration {
        let policy: WebKitHardwareAccelerationPolicy
        if hasDisplay {
            let settings = webkit_settings_new()!
            defer { g_object_unref(settings) }
            policy = webkit_settings_get_hardware_acceleration_policy(settings)
        } else {
            let settingsClass = g_type_class_ref(webkit_settings_get_type())!
            defer { g_type_class_unref(settingsClass) }
            let property = g_object_class_find_property(settingsClass.assumingMemoryBound(to: GObjectClass.self),
                                                        "hardware-acceleration-policy")!
            policy = WebKitHardwareAccelerationPolicy(UInt32(g_value_get_enum(g_param_spec_get_default_value(property))))
        }
        return switch policy {
        case WEBKIT_HARDWARE_ACCELERATION_POLICY_ALWAYS: .always
        case WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER: .never
        default: .onDemand
        }
    }
}
