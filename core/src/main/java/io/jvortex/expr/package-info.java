/**
 * Row predicates: the {@link io.jvortex.expr.Expr} tree with its static builders, the text syntax
 * ({@link io.jvortex.expr.Expr#parse}), type-checking against a schema
 * ({@link io.jvortex.expr.BoundPredicate}), vectorised three-valued evaluation over decoded chunks
 * ({@link io.jvortex.expr.Evaluator}) and statistics-based pruning ({@link io.jvortex.expr.Pruning}).
 */
package io.jvortex.expr;
