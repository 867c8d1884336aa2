package io.jvortex.api;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The named, frozen "core" editions of the Vortex format: each adds array, layout and extension-dtype
 * ids to the ones before it, and a writer restricted to an edition emits only those ids, so every
 * reader of at least the edition's minimum library version reads the file. Editions are cumulative
 * here: choosing one enables it and every earlier one.
 */
public enum Edition {
    /** The first frozen edition (readers ≥ 0.36.0); legacy {@code vortex.stats} zone maps. */
    CORE2025_05_0("core2025.05.0", "0.36.0",
            List.of("fastlanes.bitpacked", "fastlanes.for", "vortex.alp", "vortex.alprd", "vortex.bool",
                    "vortex.bytebool", "vortex.chunked", "vortex.constant", "vortex.datetimeparts", "vortex.decimal",
                    "vortex.decimal_byte_parts", "vortex.dict", "vortex.ext", "vortex.fsst", "vortex.list",
                    "vortex.null", "vortex.primitive", "vortex.runend", "vortex.sparse", "vortex.struct",
                    "vortex.varbin", "vortex.varbinview", "vortex.zigzag"),
            List.of("vortex.chunked", "vortex.dict", "vortex.flat", "vortex.stats", "vortex.struct"),
            List.of("vortex.date", "vortex.time", "vortex.timestamp")),
    /** Adds Pcodec, sequence and Zstandard arrays (readers ≥ 0.40.0). */
    CORE2025_06_0("core2025.06.0", "0.40.0", List.of("vortex.pco", "vortex.sequence", "vortex.zstd"),
            List.of(), List.of()),
    /** Adds FastLanes RLE, fixed-size lists, list views and masked arrays (readers ≥ 0.54.0). */
    CORE2025_10_0("core2025.10.0", "0.54.0",
            List.of("fastlanes.rle", "vortex.fixed_size_list", "vortex.listview", "vortex.masked"),
            List.of(), List.of()),
    /** Adds the aggregate-based {@code vortex.zoned} zone-map layout (readers ≥ 0.84.0). */
    CORE2026_08_0("core2026.08.0", "0.84.0", List.of(), List.of("vortex.zoned"), List.of()),
    /** Adds OnPair strings (readers ≥ 0.84.0). */
    CORE2026_08_1("core2026.08.1", "0.84.0", List.of("vortex.onpair"), List.of(), List.of()),
    /** Adds maps (readers ≥ 0.85.0). */
    CORE2026_08_2("core2026.08.2", "0.85.0", List.of("vortex.map"), List.of(), List.of()),
    /** Adds variants and the UUID extension type (readers ≥ 0.85.0). */
    CORE2026_08_3("core2026.08.3", "0.85.0", List.of("vortex.parquet.variant", "vortex.variant"), List.of(),
            List.of("vortex.uuid")),
    /**
     * The first unstable edition that the reference writes on request (readers ≥ 0.91.0): on top of every
     * core edition it adds the {@code .v2} successors of frozen encodings (bit-packing with a bit width per
     * 1024-value block, frame of reference with a reference per block, decimal byte parts with unsigned
     * lower parts), FastLanes delta, unions and the {@code vortex.list} layout. Never the default.
     */
    UNSTABLE2026_10_0("unstable2026.10.0", "0.91.0",
            List.of("fastlanes.bitpacked.v2", "fastlanes.delta", "fastlanes.for.v2", "vortex.decimal_byte_parts.v2",
                    "vortex.union"),
            List.of("vortex.list"), List.of());

    /** The edition written when none is chosen: the newest one vortex-data 0.91 reads. */
    public static final Edition DEFAULT = CORE2026_08_3;

    private final String id;
    private final String minLibraryVersion;
    private final List<String> addedArrays;
    private final List<String> addedLayouts;
    private final List<String> addedExtensions;

    Edition(String id, String minLibraryVersion, List<String> arrays, List<String> layouts, List<String> extensions) {
        this.id = id;
        this.minLibraryVersion = minLibraryVersion;
        this.addedArrays = arrays;
        this.addedLayouts = layouts;
        this.addedExtensions = extensions;
    }

    /** @return the edition's name, e.g. {@code core2025.05.0} */
    public String id() {
        return id;
    }

    /** @return the oldest reference library version that reads every id of this edition */
    public String minLibraryVersion() {
        return minLibraryVersion;
    }

    /** @return every array-encoding id this edition and the earlier ones permit */
    public Set<String> arrayIds() {
        return collect(0);
    }

    /** @return every layout id this edition and the earlier ones permit */
    public Set<String> layoutIds() {
        return collect(1);
    }

    /** @return every extension-dtype id this edition and the earlier ones permit */
    public Set<String> extensionIds() {
        return collect(2);
    }

    /**
     * @param arrayId an array-encoding id
     * @return whether a file of this edition may contain it
     */
    public boolean allowsArray(String arrayId) {
        return arrayIds().contains(arrayId);
    }

    /**
     * @param layoutId a layout id
     * @return whether a file of this edition may contain it
     */
    public boolean allowsLayout(String layoutId) {
        return layoutIds().contains(layoutId);
    }

    /** @return whether zone maps are written as {@code vortex.zoned} (else legacy {@code vortex.stats}) */
    public boolean zonedLayout() {
        return allowsLayout("vortex.zoned");
    }

    private Set<String> collect(int kind) {
        Set<String> out = new TreeSet<>();
        for (Edition e : values()) {
            if (e.ordinal() > ordinal()) {
                break;
            }
            out.addAll(switch (kind) {
                case 0 -> e.addedArrays;
                case 1 -> e.addedLayouts;
                default -> e.addedExtensions;
            });
        }
        return out;
    }

    /**
     * @param id an edition name such as {@code core2025.10.0}
     * @return the edition
     * @throws IllegalArgumentException for an unknown name (the message lists the known ones)
     */
    public static Edition of(String id) {
        for (Edition e : values()) {
            if (e.id.equals(id)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown edition " + id + " (known: "
                + Arrays.stream(values()).map(Edition::id).toList() + ")");
    }
}
