import FlintCore
import RealFlags
import SwiftUI

/// The library: downloads, smart playlists and the store front's suggestions.
struct LibraryScreen: View {
    let store: StoreFront

    var body: some View {
        List {
            Section("Downloads") {
                DownloadsView(limit: appFlags.maximumDownloads)
            }
            if SmartPlaylistsFeature.isAvailable == true {
                Section("Smart playlists") { SmartPlaylistsView() }
            }
            if suggestionsOn {
                Section("Suggested") { SuggestionsView(store: store) }
            }
        }
        .tint(appFlags.theme == .dark ? .orange : .accentColor)
    }

    /// Read by key: the store list comes from the remote config as it is.
    private var suggestionsOn: Bool {
        let stores = UserDefaults.standard.stringArray(forKey: "podcasts/lab/suggestion_stores") ?? []
        return stores.contains(store.code)
    }
}

/// The first launch, and where Help leads.
struct OnboardingFlow {
    var showsRedesign: Bool { appFlags.showNewOnboarding }
    var helpLink: URL { appFlags.supportURL }
    var campaignRunning: Bool { Date() < appFlags.campaignEnd }
}
