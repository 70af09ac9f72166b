# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Network file server clients, paced by an event generator: each round starts an
# application (three whole-file reads), rewrites six files through a copy
# (read one, write a new one from it, delete the old), appends to three, and stats
# one. Which file is a gamma-skewed index, so a few files are hot. File sizes and
# I/O sizes follow tables of shares. The dataset is $nfiles x $eventrate files
# (filebench 1.4's arithmetic, see docs/filebench.md), 60 % of them existing at the
# start. filebench's file has no run line; this one runs 60 s.

set $dir=/tmp
set $cached=false
set $eventrate=10
set $meandirwidth=20
set $nthreads=1
set $nfiles=10000
set $sync=false
set $totalfiles=$nfiles * $eventrate

eventgen rate=$eventrate

# write sizes: share (percent), smallest, largest
define randvar name=$wrtiosize,type=tabular,min=1k,round=1k,randtable=
{{ 0,   1k,    7k},
 {50,   9k,   15k},
 {14,  17k,   23k},
 {14,  33k,   39k},
 {12,  65k,   71k},
 {10, 129k,  135k}}

# read sizes
define randvar name=$rdiosize,type=tabular,min=8k,round=1k,randtable=
{{85,   8k,   8k},
 { 8,  17k,  23k},
 { 4,  33k,  39k},
 { 2,  65k,  71k},
 { 1, 129k, 135k}}

# file sizes: a third of the files are 1 KiB, one in a hundred up to 1.7 MiB
define randvar name=$filesize,type=tabular,min=1k,round=1k,randtable=
{{33,   1k,    1k},
 {21,   1k,    3k},
 {13,   3k,    5k},
 {10,   5k,   11k},
 { 8,  11k,   21k},
 { 5,  21k,   43k},
 { 4,  43k,   85k},
 { 3,  85k,  171k},
 { 2, 171k,  341k},
 { 1, 341k, 1707k}}

# which file: gamma-distributed over the fileset's indices
define randvar name=$fileidx,type=gamma,min=0,gamma=100

define fileset name=share,path=$dir,entries=$totalfiles,size=$filesize,dirwidth=$meandirwidth,prealloc=60,cached=$cached

# rewrite a file through a copy: read it, write a new one from it, delete the old
define flowop name=rewrite,$files
{
  flowop openfile name=open-old,filesetname=$files,indexed=$fileidx,fd=1
  flowop readwholefile name=read-old,iosize=$rdiosize,fd=1
  flowop createfile name=create-new,filesetname=$files,indexed=$fileidx,fd=2
  flowop writewholefile name=write-new,fd=2,iosize=$wrtiosize,srcfd=1
  flowop closefile name=close-old,fd=1
  flowop closefile name=close-new,fd=2
  flowop deletefile name=delete-old,fd=1
}

# start an application: read three files whole, two of them open at once
define flowop name=startapp,$files
{
  flowop openfile name=open-exe,filesetname=$files,indexed=$fileidx,fd=3
  flowop readwholefile name=read-exe,iosize=$rdiosize,fd=3
  flowop openfile name=open-lib,filesetname=$files,indexed=$fileidx,fd=4
  flowop readwholefile name=read-lib,iosize=$rdiosize,fd=4
  flowop closefile name=close-exe,fd=3
  flowop openfile name=open-conf,filesetname=$files,indexed=$fileidx,fd=5
  flowop readwholefile name=read-conf,iosize=$rdiosize,fd=5
  flowop closefile name=close-lib,fd=4
  flowop closefile name=close-conf,fd=5
}

# append to a file
define flowop name=append,$files
{
  flowop openfile name=open-log,filesetname=$files,indexed=$fileidx,fd=6
  flowop appendfilerand name=append-log,iosize=$wrtiosize,fd=6
  flowop closefile name=close-log,fd=6
}

define process name=clients,instances=1
{
  thread name=client,memsize=10m,instances=$nthreads
  {
    flowop startapp name=start,iters=1,$files=share
    flowop rewrite name=rewrites,iters=6,$files=share
    flowop append name=appends,iters=3,$files=share
    flowop statfile name=stat,filesetname=share,indexed=$fileidx
    flowop eventlimit name=pace
  }
}

run 60
