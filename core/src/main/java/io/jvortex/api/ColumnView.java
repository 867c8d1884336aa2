package io.jvortex.api;

import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import java.util.Objects;

/**
 * What every column view has: a name, a dtype, a row count and null information. The typed views
 * ({@link LongColumn}, {@link StringColumn}, …) add typed accessors; {@link Column} is the untyped
 * entry point with the casts.
 *
 * <p>Views are zero-copy: they read the same {@link java.lang.foreign.MemorySegment}s as the chunk's
 * canonical arrays. A view obtained from a {@link Chunk} is valid while the chunk is open; every
 * accessor checks that and throws {@link IllegalStateException} once it is closed. Row indices are
 * checked against {@link #size()} ({@link IndexOutOfBoundsException}).
 */
public abstract sealed class ColumnView
        permits Column, BooleanColumn, LongColumn, DoubleColumn, BinaryColumn, DecimalColumn, DateColumn, TimeColumn,
        TimestampColumn, StructColumn, ListColumn, MapColumn {

    /** The chunk whose memory the view reads, or {@code null} for views over caller-owned arrays. */
    final Chunk owner;
    final String name;
    final Canonical array;
    final Validity validity;
    final int size;

    ColumnView(Chunk owner, String name, Canonical array) {
        this.owner = owner;
        this.name = Objects.requireNonNull(name, "name");
        this.array = Objects.requireNonNull(array, "array");
        this.validity = array.validity();
        this.size = array.length();
    }

    /** @return the column name (a struct field name, {@code element} for list elements, empty for a non-struct root) */
    public final String name() {
        return name;
    }

    /** @return the column's logical type */
    public final DType dtype() {
        return array.dtype();
    }

    /** @return the number of rows */
    public final int size() {
        return size;
    }

    /**
     * @param rowIndex a row, {@code 0 <= rowIndex < size()}
     * @return whether the row is null
     * @throws IllegalStateException when the chunk is closed
     */
    public final boolean isNull(int rowIndex) {
        ensureOpen();
        return !validity.isValid(Objects.checkIndex(rowIndex, size));
    }

    /**
     * @param rowIndex a row, {@code 0 <= rowIndex < size()}
     * @return whether the row is non-null
     * @throws IllegalStateException when the chunk is closed
     */
    public final boolean isValid(int rowIndex) {
        return !isNull(rowIndex);
    }

    /**
     * @return the number of null rows
     * @throws IllegalStateException when the chunk is closed
     */
    public final int nullCount() {
        ensureOpen();
        return validity.nullCount(size);
    }

    /**
     * The raw escape hatch: the canonical array the view reads (for extension columns the extension
     * array). It does not know when the chunk closes; see {@link Chunk#rawArray()}.
     *
     * @return the array
     * @throws IllegalStateException when the chunk is closed
     */
    public final Canonical rawArray() {
        ensureOpen();
        return array;
    }

    /** @throws IllegalStateException when the owning chunk is closed */
    final void ensureOpen() {
        if (owner != null) {
            owner.ensureOpen();
        }
    }

    /** Checks the chunk and a row index; returns the index. */
    final int checkRow(int rowIndex) {
        ensureOpen();
        return Objects.checkIndex(rowIndex, size);
    }

    /** Checks the chunk and a row range {@code [start, start + length)}. */
    final void checkRange(int start, int length) {
        ensureOpen();
        Objects.checkFromIndexSize(start, length, size);
    }

    /** @return "column 'x' (i32?)" for messages */
    final String describe() {
        return "column '" + name + "' (" + array.dtype().display() + ")";
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + ": " + array.dtype().display() + ", " + size + " rows]";
    }
}
