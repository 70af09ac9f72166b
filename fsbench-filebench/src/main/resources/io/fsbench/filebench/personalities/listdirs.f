# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# List the directories of a tree of empty files, over and over.

set $dir=/tmp
set $nfiles=50000
set $meandirwidth=5
set $nthreads=16

define fileset name=tree,path=$dir,size=0,entries=$nfiles,dirwidth=$meandirwidth,prealloc

define process name=lsdirs,instances=1
{
  thread name=worker,memsize=10m,instances=$nthreads
  {
    flowop listdir name=list,filesetname=tree
  }
}

run 60
