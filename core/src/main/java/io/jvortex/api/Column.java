package io.jvortex.api;

import io.jvortex.error.VortexException;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;

/**
 * An untyped column of a {@link Chunk}: name, dtype, nulls, and casts to the typed views. A cast
 * checks the dtype once and throws {@link IllegalStateException} naming the column and its dtype when
 * it does not fit; the typed view then reads the chunk's buffers directly.
 *
 * <pre>{@code
 * try (Chunk chunk = scan.next()) {
 *     LongColumn qty = chunk.column("l_quantity").asLongs();
 *     long total = qty.sum();
 * }
 * }</pre>
 *
 * <p>Casts: integers (every width, and the integer storage of date/time/timestamp columns) →
 * {@link #asLongs()}; f16/f32/f64 → {@link #asDoubles()}; bool → {@link #asBooleans()}; utf8 →
 * {@link #asStrings()}; binary or utf8 → {@link #asBinaries()}; decimal → {@link #asDecimals()};
 * {@code vortex.date} → {@link #asDates()}; {@code vortex.time} → {@link #asTimes()};
 * {@code vortex.timestamp} → {@link #asTimestamps()}; struct → {@link #asStructs()}; list, list view
 * and fixed-size list → {@link #asLists()}; map → {@link #asMaps()}.
 */
public final class Column extends ColumnView {

    Column(Chunk owner, String name, Canonical array) {
        super(owner, name, array);
    }

    /**
     * Wraps a caller-owned canonical array (no chunk, so no close check; the caller keeps its memory
     * alive).
     *
     * @param name the column name
     * @param array the array
     * @return a column over it
     */
    public static Column of(String name, Canonical array) {
        return new Column(null, name, array);
    }

    /**
     * @return the column as booleans
     * @throws IllegalStateException when the dtype is not bool, or the chunk is closed
     */
    public BooleanColumn asBooleans() {
        ensureOpen();
        if (array instanceof BoolArray b) {
            return new BooleanColumn(owner, name, b);
        }
        throw wrongType("bool");
    }

    /**
     * @return the column as integers of any width (u64 as raw bits, see {@link LongColumn})
     * @throws IllegalStateException when the dtype is not an integer type (or an extension stored as
     *     one), or the chunk is closed
     */
    public LongColumn asLongs() {
        ensureOpen();
        PrimitiveArray p = primitiveStorage();
        if (p != null && p.ptype().isInteger()) {
            return new LongColumn(owner, name, array, p);
        }
        throw wrongType("an integer type");
    }

    /**
     * @return the column as f16/f32/f64 values widened to {@code double}
     * @throws IllegalStateException when the dtype is not a float type, or the chunk is closed
     */
    public DoubleColumn asDoubles() {
        ensureOpen();
        if (array instanceof PrimitiveArray p && p.ptype().isFloat()) {
            return new DoubleColumn(owner, name, p);
        }
        throw wrongType("f16, f32 or f64");
    }

    /**
     * @return the column as UTF-8 strings
     * @throws IllegalStateException when the dtype is not utf8, or the chunk is closed
     */
    public StringColumn asStrings() {
        ensureOpen();
        if (array.dtype() instanceof DType.Utf8 && isByteStrings()) {
            return new StringColumn(owner, name, array);
        }
        throw wrongType("utf8");
    }

    /**
     * @return the column as byte strings (utf8 columns give their UTF-8 bytes)
     * @throws IllegalStateException when the dtype is neither binary nor utf8, or the chunk is closed
     */
    public BinaryColumn asBinaries() {
        ensureOpen();
        if (isByteStrings()) {
            return new BinaryColumn(owner, name, array);
        }
        throw wrongType("binary or utf8");
    }

    /**
     * @return the column as decimals
     * @throws IllegalStateException when the dtype is not a decimal, or the chunk is closed
     */
    public DecimalColumn asDecimals() {
        ensureOpen();
        if (array instanceof DecimalArray d) {
            return new DecimalColumn(owner, name, d);
        }
        throw wrongType("decimal");
    }

    /**
     * @return the column as dates
     * @throws IllegalStateException when the dtype is not {@code vortex.date}, or the chunk is closed
     * @throws VortexException when the extension's metadata is invalid
     */
    public DateColumn asDates() {
        ensureOpen();
        if (extensionKind() instanceof Extensions.DateKind k && primitiveStorage() != null) {
            return new DateColumn(owner, name, (ExtensionArray) array, primitiveStorage(), k.unit());
        }
        throw wrongType(Extensions.DATE);
    }

    /**
     * @return the column as times of day
     * @throws IllegalStateException when the dtype is not {@code vortex.time}, or the chunk is closed
     * @throws VortexException when the extension's metadata is invalid
     */
    public TimeColumn asTimes() {
        ensureOpen();
        if (extensionKind() instanceof Extensions.TimeKind k && primitiveStorage() != null) {
            return new TimeColumn(owner, name, (ExtensionArray) array, primitiveStorage(), k.unit());
        }
        throw wrongType(Extensions.TIME);
    }

    /**
     * @return the column as instants
     * @throws IllegalStateException when the dtype is not {@code vortex.timestamp}, or the chunk is closed
     * @throws VortexException when the extension's metadata is invalid
     */
    public TimestampColumn asTimestamps() {
        ensureOpen();
        if (extensionKind() instanceof Extensions.TimestampKind k && primitiveStorage() != null) {
            return new TimestampColumn(owner, name, (ExtensionArray) array, primitiveStorage(), k.unit(),
                    k.timeZone());
        }
        throw wrongType(Extensions.TIMESTAMP);
    }

    /**
     * @return the column as a struct of named field columns
     * @throws IllegalStateException when the dtype is not a struct, or the chunk is closed
     */
    public StructColumn asStructs() {
        ensureOpen();
        if (array instanceof StructArray s) {
            return new StructColumn(owner, name, s);
        }
        throw wrongType("struct");
    }

    /**
     * @return the column as lists (variable-size, list-view or fixed-size)
     * @throws IllegalStateException when the dtype is not a list type, or the chunk is closed
     */
    public ListColumn asLists() {
        ensureOpen();
        if (array instanceof ListArray || array instanceof ListViewArray || array instanceof FixedSizeListArray) {
            return new ListColumn(owner, name, array);
        }
        throw wrongType("a list type");
    }

    /**
     * @return the column as maps (keys, values and per-row entry ranges)
     * @throws IllegalStateException when the dtype is not a map, or the chunk is closed
     */
    public MapColumn asMaps() {
        ensureOpen();
        if (array instanceof MapArray m) {
            return new MapColumn(owner, name, m);
        }
        throw wrongType("a map");
    }

    private boolean isByteStrings() {
        return array instanceof VarBinArray || array instanceof VarBinViewArray;
    }

    /** The primitive values of this column, looking through one extension level; null otherwise. */
    private PrimitiveArray primitiveStorage() {
        if (array instanceof PrimitiveArray p) {
            return p;
        }
        if (array instanceof ExtensionArray e && e.storage() instanceof PrimitiveArray p) {
            return p;
        }
        return null;
    }

    private Extensions.Kind extensionKind() {
        if (array instanceof ExtensionArray e) {
            return Extensions.kind(e.dtype()).orElse(null);
        }
        return null;
    }

    private IllegalStateException wrongType(String wanted) {
        return new IllegalStateException(describe() + " is not " + wanted);
    }
}
