package io.jvortex.dtype;

import io.jvortex.error.VortexException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The built-in extension types: {@code vortex.date}, {@code vortex.time}, {@code vortex.timestamp}
 * and {@code vortex.uuid}, with their metadata parsing and validation.
 */
public final class Extensions {
    /** Id of dates (days as i32 or milliseconds as i64 since 1970-01-01). */
    public static final String DATE = "vortex.date";
    /** Id of times of day. */
    public static final String TIME = "vortex.time";
    /** Id of timestamps (i64 ticks since the Unix epoch, UTC). */
    public static final String TIMESTAMP = "vortex.timestamp";
    /** Id of UUIDs (fixed-size list of 16 u8). */
    public static final String UUID = "vortex.uuid";

    private Extensions() {
    }

    /** What a known extension type means. */
    public sealed interface Kind {
    }

    /** A date. @param unit {@link TimeUnit#DAYS} or {@link TimeUnit#MILLISECONDS} */
    public record DateKind(TimeUnit unit) implements Kind {
    }

    /** A time of day. @param unit s, ms, µs or ns */
    public record TimeKind(TimeUnit unit) implements Kind {
    }

    /** An instant. @param unit s, ms, µs or ns @param timeZone the zone name, empty when none */
    public record TimestampKind(TimeUnit unit, Optional<String> timeZone) implements Kind {
    }

    /** A UUID. */
    public record UuidKind() implements Kind {
    }

    /**
     * Interprets a built-in extension type, validating its metadata and storage type.
     *
     * @param ext the extension dtype
     * @return its kind, or empty for an extension id this library does not know
     * @throws VortexException when a known id has invalid metadata or storage
     */
    public static Optional<Kind> kind(DType.Extension ext) {
        return switch (ext.id()) {
            case DATE -> {
                TimeUnit unit = unitByte(ext);
                PType want = switch (unit) {
                    case DAYS -> PType.I32;
                    case MILLISECONDS -> PType.I64;
                    default -> throw bad(ext, "date unit must be days or milliseconds, got " + unit);
                };
                requireStorage(ext, want);
                yield Optional.of(new DateKind(unit));
            }
            case TIME -> {
                TimeUnit unit = unitByte(ext);
                PType want = switch (unit) {
                    case SECONDS, MILLISECONDS -> PType.I32;
                    case MICROSECONDS, NANOSECONDS -> PType.I64;
                    case DAYS -> throw bad(ext, "time unit must not be days");
                };
                requireStorage(ext, want);
                yield Optional.of(new TimeKind(unit));
            }
            case TIMESTAMP -> {
                if (ext.metadataLength() < 3) {
                    throw bad(ext, "timestamp metadata must be at least 3 bytes, got " + ext.metadataLength());
                }
                TimeUnit unit = TimeUnit.fromTag(ext.metadataByte(0));
                if (unit == TimeUnit.DAYS) {
                    throw bad(ext, "timestamp unit must not be days");
                }
                int tzLen = ext.metadataByte(1) | (ext.metadataByte(2) << 8);
                if (3 + tzLen != ext.metadataLength()) {
                    throw bad(ext, "timestamp metadata declares a " + tzLen + "-byte time zone but has "
                            + (ext.metadataLength() - 3) + " bytes after the header");
                }
                requireStorage(ext, PType.I64);
                Optional<String> tz = tzLen == 0 ? Optional.empty()
                        : Optional.of(new String(ext.metadata(), 3, tzLen, StandardCharsets.UTF_8));
                yield Optional.of(new TimestampKind(unit, tz));
            }
            case UUID -> {
                if (!(ext.storage() instanceof DType.FixedSizeList fsl) || fsl.size() != 16
                        || !(fsl.element() instanceof DType.Primitive p) || p.ptype() != PType.U8) {
                    throw bad(ext, "uuid storage must be fixed_size_list(u8)[16], got " + ext.storage().display());
                }
                yield Optional.of(new UuidKind());
            }
            default -> Optional.empty();
        };
    }

    private static TimeUnit unitByte(DType.Extension ext) {
        if (ext.metadataLength() != 1) {
            throw bad(ext, "metadata must be 1 byte (the time unit), got " + ext.metadataLength());
        }
        return TimeUnit.fromTag(ext.metadataByte(0));
    }

    private static void requireStorage(DType.Extension ext, PType want) {
        if (!(ext.storage() instanceof DType.Primitive p) || p.ptype() != want) {
            throw bad(ext, "storage must be " + want.displayName() + ", got " + ext.storage().display());
        }
    }

    private static VortexException bad(DType.Extension ext, String what) {
        return new VortexException("extension type " + ext.id() + ": " + what);
    }

    /**
     * Builds a timestamp extension type.
     *
     * @param unit the unit (not days)
     * @param timeZone the zone name or {@code null}
     * @param nullable nullability
     * @return the dtype
     */
    public static DType.Extension timestamp(TimeUnit unit, String timeZone, boolean nullable) {
        byte[] tz = timeZone == null ? new byte[0] : timeZone.getBytes(StandardCharsets.UTF_8);
        byte[] meta = new byte[3 + tz.length];
        meta[0] = (byte) unit.tag();
        meta[1] = (byte) tz.length;
        meta[2] = (byte) (tz.length >>> 8);
        System.arraycopy(tz, 0, meta, 3, tz.length);
        return new DType.Extension(TIMESTAMP, new DType.Primitive(PType.I64, nullable), meta);
    }

    /**
     * Builds a date extension type.
     *
     * @param unit days or milliseconds
     * @param nullable nullability
     * @return the dtype
     */
    public static DType.Extension date(TimeUnit unit, boolean nullable) {
        PType storage = unit == TimeUnit.DAYS ? PType.I32 : PType.I64;
        return new DType.Extension(DATE, new DType.Primitive(storage, nullable), new byte[] {(byte) unit.tag()});
    }

    /**
     * Builds a time extension type.
     *
     * @param unit s, ms, µs or ns
     * @param nullable nullability
     * @return the dtype
     */
    public static DType.Extension time(TimeUnit unit, boolean nullable) {
        PType storage = unit == TimeUnit.SECONDS || unit == TimeUnit.MILLISECONDS ? PType.I32 : PType.I64;
        return new DType.Extension(TIME, new DType.Primitive(storage, nullable), new byte[] {(byte) unit.tag()});
    }

    static String display(DType.Extension ext) {
        String inner;
        try {
            inner = kind(ext).map(k -> switch (k) {
                case DateKind d -> d.unit().symbol();
                case TimeKind t -> t.unit().symbol();
                case TimestampKind ts -> ts.unit().symbol() + ts.timeZone().map(z -> ", tz=" + z).orElse("");
                case UuidKind u -> "";
            }).orElse(null);
        } catch (VortexException e) {
            inner = null;
        }
        String body = inner == null ? ext.storage().display() : inner;
        return ext.id() + "(" + body + ")" + (ext.nullable() ? "?" : "");
    }
}
