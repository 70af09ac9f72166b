/**
 * The aging family: Geriatrix's profile-driven create/delete churn (Kadekodi et al., ATC '18) that
 * leaves a volume as full and as fragmented as years of use would, with fsbench's own profiles
 * (desktop, mail server, a git history). See {@code docs/aging.md}.
 */
package io.fsbench.workloads.aging;
