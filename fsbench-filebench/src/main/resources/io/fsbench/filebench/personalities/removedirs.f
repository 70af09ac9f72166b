# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Remove leaf directories until none is left (mode firstdone).

set $dir=/tmp
set $ndirs=10000
set $meandirwidth=100
set $nthreads=16
set mode quit firstdone

define fileset name=tree,path=$dir,size=0,leafdirs=$ndirs,dirwidth=$meandirwidth,prealloc

define process name=rmdirs,instances=1
{
  thread name=worker,memsize=10m,instances=$nthreads
  {
    flowop removedir name=rmdir,filesetname=tree
  }
}

run 60
