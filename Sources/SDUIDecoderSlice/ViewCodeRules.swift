/// What counts as view code: the names of UI types and protocols, and the property wrappers and
/// attributes only views use. A rule, not a list of one app's names: any `UI…View`,
/// `UI…ViewController`, `UI…Cell`, `NS…View` is a view, and so is any type of the user's that
/// conforms to or inherits from one, however deep.
enum ViewCodeRules {
    /// Protocols and classes whose conformers or subclasses are views, controllers or app shells.
    static let viewSupertypes: Set<String> = [
        "View", "ViewModifier", "Shape", "InsettableShape", "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle",
        "ToggleStyle", "TextFieldStyle", "ProgressViewStyle", "ListStyle", "PickerStyle", "MenuStyle",
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "PreviewProvider", "UIResponder", "UIView", "UIViewController", "UIControl", "UIWindow",
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate", "NSResponder",
        "CALayer", "UIGestureRecognizer", "UIGestureRecognizerDelegate", "DynamicProperty",
    ]

    /// Supertypes whose conformers are nothing but an app's shell: left out whole.
    static let shellSupertypes: Set<String> = [
        "App", "Scene", "PreviewProvider", "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate",
        "NSApplicationDelegate", "UIResponder", "NSResponder",
    ]

    /// View types a signature may name (beyond the user's own view types).
    static let viewTypes: Set<String> = [
        "View", "AnyView", "EmptyView", "Scene", "Text", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack",
        "LazyVGrid", "LazyHGrid", "GridItem", "ScrollView", "List", "ForEach", "Group", "Section", "NavigationView",
        "NavigationStack", "NavigationLink", "Button", "Spacer", "Divider", "ViewBuilder", "Binding", "State",
        "GeometryProxy", "GeometryReader", "AnyTransition", "Animation", "ModifiedContent", "TupleView",
        "_ConditionalContent", "Namespace", "Environment", "EnvironmentValues", "UIHostingController", "AsyncImage",
        "Label", "Toggle", "TextField", "Picker", "Menu", "Link", "Path", "Canvas", "TabView", "Form", "Sheet",
        "CALayer", "NSLayoutConstraint", "NSLayoutAnchor", "UIWindow", "UIApplication", "UIScene", "UIWindowScene",
        "UITraitCollection", "UIAction", "UIMenu", "UIStoryboard", "UINib", "IndexPath",
    ]

    /// Property wrappers and attributes only views and Interface Builder use.
    static let viewAttributes: Set<String> = [
        "State", "Binding", "Environment", "EnvironmentObject", "ObservedObject", "StateObject", "FocusState",
        "AppStorage", "SceneStorage", "Namespace", "GestureState", "ScaledMetric", "FetchRequest", "Query",
        "ViewBuilder", "SceneBuilder", "ToolbarContentBuilder", "CommandsBuilder", "IBOutlet", "IBAction",
        "IBSegueAction", "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor",
    ]

    /// Attributes that need the Objective-C runtime, which Linux has not: dropped from what they
    /// mark, which is kept.
    static let objectiveCAttributes: Set<String> = ["objc", "objcMembers", "IBDesignable", "IBInspectable", "nonobjc", "NSManaged"]

    /// Whether `name` is a UIKit/AppKit view or controller by its shape (`UIStackView`,
    /// `UICollectionViewCell`, `NSTableView`, `UIPageViewController`, `UILabel`, `UIButton`).
    static func isPlatformView(_ name: String) -> Bool {
        guard name.hasPrefix("UI") || name.hasPrefix("NS") || name.hasPrefix("SK") || name.hasPrefix("MK") else { return false }
        let suffixes = ["View", "ViewController", "Controller", "Cell", "Label", "Button", "Field", "Control", "Recognizer",
                        "Bar", "Switch", "Slider", "Stepper", "Layout", "Configuration", "Delegate", "DataSource", "Item"]
        return suffixes.contains { name.hasSuffix($0) } && name != "NSItemProvider"
    }

    static func isViewSupertype(_ name: String, userViews: Set<String>) -> Bool {
        viewSupertypes.contains(name) || shellSupertypes.contains(name) || userViews.contains(name) || isPlatformView(name)
    }

    static func isViewType(_ name: String, userViews: Set<String>) -> Bool {
        viewTypes.contains(name) || isViewSupertype(name, userViews: userViews)
    }
}
