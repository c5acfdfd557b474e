import CollectionKit

extension DesktopPreferences {
    /// Puts the colour scheme (dark when the desktop states none) and reduced motion in force for
    /// the engine (`Appearance`); with `textScale`, the text scaling factor too.
    public func applyToAppearance(textScale: Bool = true) {
        Appearance.colorScheme = colorScheme ?? .dark
        Appearance.reducesMotion = !animations
        if textScale { Appearance.textScale = self.textScale }
    }
}

extension DesktopServiceHost {
    /// Follows the desktop's settings while the loop runs, for an app that sets no appearance of
    /// its own: the colour scheme, reduced motion and the text scaling factor are read before the
    /// first frame; a later change of the scheme or of the animations setting is put in force
    /// before the next frame (the engine's standard styles follow it; a text scale change waits
    /// for the next start, since the app's layouts would have to measure again). `runOrExit`
    /// does this; an app with flags of its own reads ``DesktopSettings`` itself.
    @discardableResult
    public func followDesktopAppearance() -> DesktopSettings {
        let settings = DesktopSettings.start(wake: frameWakeUp)
        settings.current.applyToAppearance()
        let earlier = willUpdate
        willUpdate = { now in
            if let change = settings.takeChange() { change.applyToAppearance(textScale: false) }
            earlier?(now)
        }
        return settings
    }
}
